import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ArchiveLinks } from '../../application/migrations/migrationArchive.ports.js';
import { signingKey } from '../shared/crypto/keyFile.js';

// Archive links as S3's presigned URLs are: the migration and an expiry, signed with
// HMAC-SHA256 under a key outside the log (FORGELOG_ARCHIVE_LINK_KEY, base64 of 32 bytes, or a
// key file made on first use). A link whose signature does not match, or that has expired,
// grants nothing.
export class HmacArchiveLinks implements ArchiveLinks {
  private readonly keyBytes: () => Promise<Buffer>;

  constructor(keyFile: string, configuredKey: string | undefined) {
    this.keyBytes = signingKey(keyFile, configuredKey);
  }

  async sign(migrationId: number, expiresAt: Date): Promise<string> {
    const expires = String(Math.floor(expiresAt.getTime() / 1000));
    return `expires=${expires}&signature=${await this.signature(migrationId, expires)}`;
  }

  async verify(migrationId: number, expires: string, signature: string, now: Date): Promise<'valid' | 'expired' | 'invalid'> {
    if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
    const expected = Buffer.from(await this.signature(migrationId, expires), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    return Number(expires) * 1000 < now.getTime() ? 'expired' : 'valid';
  }

  private async signature(migrationId: number, expires: string): Promise<string> {
    return createHmac('sha256', await this.keyBytes())
      .update(`migration-archive:${migrationId}:${expires}`)
      .digest('hex');
  }
}
