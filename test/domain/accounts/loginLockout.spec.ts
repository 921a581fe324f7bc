import { expect } from 'chai';
import { ACCOUNT_LOCKOUT, hasFailureStreak, lockedUntil, type SignInAttempt } from '../../../domain/accounts/loginLockout.js';

const failed = (at: number, kind: SignInAttempt['kind'] = 'password'): SignInAttempt => ({ kind, outcome: 'failed', at });
const succeeded = (at: number, kind: SignInAttempt['kind'] = 'password'): SignInAttempt => ({ kind, outcome: 'succeeded', at });

describe('login lockout policy', () => {
  it('locks after five failures in a row for a minute, then twice as long for each five more, up to an hour', () => {
    const five = [1, 2, 3, 4, 5].map((at) => failed(at));
    expect(lockedUntil(five.slice(0, 4), 'password', 10, ACCOUNT_LOCKOUT)).to.equal(null);
    expect(lockedUntil(five, 'password', 10, ACCOUNT_LOCKOUT)).to.equal(5 + 60_000);
    expect(lockedUntil(five, 'password', 5 + 60_000, ACCOUNT_LOCKOUT)).to.equal(null);
    const ten = [...five, ...[6, 7, 8, 9, 10].map((at) => failed(at))];
    expect(lockedUntil(ten, 'password', 11, ACCOUNT_LOCKOUT)).to.equal(10 + 120_000);
    const many = Array.from({ length: 60 }, (_, index) => failed(index));
    expect(lockedUntil(many, 'password', 60, ACCOUNT_LOCKOUT)).to.equal(59 + 3_600_000);
  });

  it('a success ends only its own kind of streak', () => {
    const otpFailures = [1, 2, 3, 4, 5].map((at) => failed(at, 'otp'));
    expect(lockedUntil([...otpFailures, succeeded(6, 'password')], 'otp', 7, ACCOUNT_LOCKOUT)).to.equal(5 + 60_000);
    expect(lockedUntil([...otpFailures, succeeded(6, 'otp')], 'otp', 7, ACCOUNT_LOCKOUT)).to.equal(null);
    expect(hasFailureStreak([failed(1), succeeded(2)], 'password')).to.equal(false);
    expect(hasFailureStreak([succeeded(1), failed(2)], 'password')).to.equal(true);
  });
});
