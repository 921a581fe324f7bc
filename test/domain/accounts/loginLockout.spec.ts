import { expect } from 'chai';
import {
  ACCOUNT_LOCKOUT,
  ADDRESS_LOCKOUT,
  ATTEMPTS_CONSIDERED,
  hasFailureStreak,
  lockedUntil,
  STREAK_WINDOW_MS,
  type SignInAttempt,
} from '../../../domain/accounts/loginLockout.js';

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

  it('an address reaches the hour too: the attempts considered hold its streak, with the other kind between', () => {
    // 140 password failures from one address, every other attempt a failed second factor.
    const attempts = Array.from({ length: 280 }, (_, index) => failed(index, index % 2 === 0 ? 'password' : 'otp'));
    const considered = attempts.slice(-ATTEMPTS_CONSIDERED);
    expect(lockedUntil(considered, 'password', 280, ADDRESS_LOCKOUT)).to.equal(278 + 3_600_000);
    // With the 64 attempts once considered, the wait never passed four minutes.
    expect(lockedUntil(attempts.slice(-64), 'password', 280, ADDRESS_LOCKOUT)! - 278).to.be.below(4 * 60_000);
    expect(ATTEMPTS_CONSIDERED).to.equal(280);
  });

  it('a success ends only its own kind of streak', () => {
    const otpFailures = [1, 2, 3, 4, 5].map((at) => failed(at, 'otp'));
    expect(lockedUntil([...otpFailures, succeeded(6, 'password')], 'otp', 7, ACCOUNT_LOCKOUT)).to.equal(5 + 60_000);
    expect(lockedUntil([...otpFailures, succeeded(6, 'otp')], 'otp', 7, ACCOUNT_LOCKOUT)).to.equal(null);
    expect(hasFailureStreak([failed(1), succeeded(2)], 'password')).to.equal(false);
    expect(hasFailureStreak([succeeded(1), failed(2)], 'password')).to.equal(true);
  });

  it('failures older than a day are forgiven: an address with a typo an hour is not locked for good', () => {
    const hour = 3_600_000;
    // 280 failures, one an hour for nearly twelve days: the address's stream holds no success.
    const typos = Array.from({ length: ATTEMPTS_CONSIDERED }, (_, index) => failed(index * hour));
    const now = ATTEMPTS_CONSIDERED * hour;
    expect(lockedUntil(typos, 'password', now, ADDRESS_LOCKOUT)).to.equal(null);
    // The last day's 23 count: 20 guesses more make 43, the second lockout's two minutes, not the hour.
    expect(typos.filter((attempt) => attempt.at > now - STREAK_WINDOW_MS)).to.have.length(23);
    const burst = [...typos, ...Array.from({ length: 20 }, (_, index) => failed(now + index))];
    expect(lockedUntil(burst, 'password', now + 20, ADDRESS_LOCKOUT)).to.equal(now + 16 + 2 * 60_000);
    // A guesser inside the day still climbs to the hour.
    const guesses = Array.from({ length: 140 }, (_, index) => failed(now + index));
    expect(lockedUntil(guesses, 'password', now + 140, ADDRESS_LOCKOUT)).to.equal(now + 139 + hour);
  });
});
