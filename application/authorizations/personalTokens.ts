import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { base62FromBytes, TOKEN_RANDOM_LENGTH, tokenFrom, type TokenPrefix } from '../../domain/authorizations/tokenFormat.js';

export interface IssuedToken {
  readonly token: string;
  readonly hashedToken: string;
  readonly lastEight: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

// A new token in GitHub's format; only its hash and last eight characters are kept.
export function issueToken(prefix: TokenPrefix): IssuedToken {
  const token = tokenFrom(prefix, base62FromBytes(randomBytes(TOKEN_RANDOM_LENGTH)));
  return { token, hashedToken: hashToken(token), lastEight: token.slice(-8) };
}

// Hashes of equal length compared in constant time.
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
