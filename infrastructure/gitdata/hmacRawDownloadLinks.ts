import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RawDownloadGrant, RawDownloadLinks } from '../../application/gitdata/rawDownloadLinks.port.js';
import { signingKey } from '../shared/crypto/keyFile.js';

const TOKEN = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

// Raw download tokens as the archive links are (hmacArchiveLinks.ts): the user, the expiry and
// an HMAC-SHA256 of them with the repository and the file, under a key outside the log
// (FORGELOG_RAW_LINK_KEY, base64 of 32 bytes, or a key file made on first use). A token whose
// signature does not match, or that has expired, grants nothing.
export class HmacRawDownloadLinks implements RawDownloadLinks {
  private readonly keyBytes: () => Promise<Buffer>;

  constructor(keyFile: string, configuredKey: string | undefined) {
    this.keyBytes = signingKey(keyFile, configuredKey);
  }

  async signer(userId: number, repositoryId: number, expiresAt: Date): Promise<(refAndPath: string) => string> {
    const key = await this.keyBytes();
    const expires = String(Math.floor(expiresAt.getTime() / 1000));
    return (refAndPath) => `${userId}.${expires}.${signature(key, userId, repositoryId, expires, refAndPath).toString('base64url')}`;
  }

  async verify(token: string, repositoryId: number, refAndPath: string, now: Date): Promise<RawDownloadGrant> {
    const parts = TOKEN.exec(token);
    if (parts === null) return { kind: 'invalid' };
    const [, user, expires, given] = parts as unknown as [string, string, string, string];
    const userId = Number(user);
    const expected = signature(await this.keyBytes(), userId, repositoryId, expires, refAndPath);
    const presented = Buffer.from(given, 'base64url');
    if (presented.length !== expected.length || !timingSafeEqual(expected, presented)) return { kind: 'invalid' };
    return Number(expires) * 1000 < now.getTime() ? { kind: 'expired' } : { kind: 'valid', userId };
  }
}

function signature(key: Buffer, userId: number, repositoryId: number, expires: string, refAndPath: string): Buffer {
  return createHmac('sha256', key).update(`raw-download:${repositoryId}:${userId}:${expires}:${refAndPath}`).digest();
}
