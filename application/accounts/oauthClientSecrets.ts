import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HashedClientSecret } from '../../domain/accounts/oauthApplication.decider.js';

// Classic OAuth apps on GitHub have a 20-character hexadecimal client_id and a
// 40-character hexadecimal client_secret ('Iv1.' prefixes belong to GitHub Apps).
export function newClientId(): string {
  return randomBytes(10).toString('hex');
}

export function newClientSecret(): string {
  return randomBytes(20).toString('hex');
}

export function hashClientSecret(secret: string): HashedClientSecret {
  return { hash: createHash('sha256').update(secret, 'utf8').digest('hex'), lastEight: secret.slice(-8) };
}

// Compares hashes of equal length in constant time, so the answer's timing tells nothing.
export function clientSecretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashClientSecret(secret).hash, 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}
