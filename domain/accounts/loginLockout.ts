// Guessing resistance, as a pure policy over an account's (or a client address's) recent
// sign-in attempts: after `threshold` failures in a row of one kind, sign-ins of that kind
// are refused for `baseMs`; each further `threshold` failures doubles the wait, up to
// `maxMs`. A success of a kind ends that kind's streak only: a right password never ends a
// two-factor lockout. Failures older than a day are forgiven: a client address's stream
// records failures only (no success of one account may end a streak that guesses at others),
// so without a window its streak was its lifetime, and one typo an hour from an office's
// address locked it for an hour on every further typo after twelve days. Within the day the
// back-off holds: a guesser kept at the hour's wait makes some 20 guesses an hour.
export type AttemptKind = 'password' | 'otp';

export interface SignInAttempt {
  readonly kind: AttemptKind;
  readonly outcome: 'failed' | 'succeeded';
  readonly at: number; // ms since the epoch
}

export interface LockoutPolicy {
  readonly threshold: number;
  readonly baseMs: number;
  readonly maxMs: number;
}

export const STREAK_WINDOW_MS = 24 * 3_600_000;

export const ACCOUNT_LOCKOUT: LockoutPolicy = { threshold: 5, baseMs: 60_000, maxMs: 3_600_000 };
// A client address may sign in to many accounts (an office behind one NAT): more room.
export const ADDRESS_LOCKOUT: LockoutPolicy = { threshold: 20, baseMs: 60_000, maxMs: 3_600_000 };

// Failures in a row that reach a policy's longest wait (five doublings of a minute reach an
// hour's cap at the seventh lockout: 35 for an account, 140 for an address).
export function failuresToLongestWait(policy: LockoutPolicy): number {
  return policy.threshold * (Math.ceil(Math.log2(policy.maxMs / policy.baseMs)) + 1);
}

// How many recent attempts decide a lockout: enough for either kind's streak to reach the
// longest wait of either policy with the other kind's attempts between them (a fixed read of
// the stream's end, whatever its length).
export const ATTEMPTS_CONSIDERED = 2 * Math.max(failuresToLongestWait(ACCOUNT_LOCKOUT), failuresToLongestWait(ADDRESS_LOCKOUT));

// The instant until which sign-ins of this kind are refused, or null when they are not.
export function lockedUntil(attempts: readonly SignInAttempt[], kind: AttemptKind, now: number, policy: LockoutPolicy): number | null {
  let failures: number[] = [];
  for (const attempt of attempts) {
    if (attempt.kind !== kind || attempt.at <= now - STREAK_WINDOW_MS) continue;
    failures = attempt.outcome === 'succeeded' ? [] : [...failures, attempt.at];
  }
  const lockouts = Math.floor(failures.length / policy.threshold);
  if (lockouts === 0) return null;
  const startedAt = failures[lockouts * policy.threshold - 1]!;
  const until = startedAt + Math.min(policy.maxMs, policy.baseMs * 2 ** (lockouts - 1));
  return now < until ? until : null;
}

export function hasFailureStreak(attempts: readonly SignInAttempt[], kind: AttemptKind): boolean {
  const last = [...attempts].reverse().find((attempt) => attempt.kind === kind);
  return last?.outcome === 'failed';
}
