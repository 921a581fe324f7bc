import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ArchiveLinks } from '../../application/migrations/migrationArchive.ports.js';

// Archive links as S3's presigned URLs are: the migration and an expiry, signed with
// HMAC-SHA256 under a key outside the log (FORGELOG_ARCHIVE_LINK_KEY, base64 of 32 bytes, or a
// key file made on first use). A link whose signature does not match, or that has expired,
// grants nothing.
export class HmacArchiveLinks implements ArchiveLinks {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly keyFile: string,
    private readonly configuredKey: string | undefined,
  ) {}

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

  private keyBytes(): Promise<Buffer> {
    this.key ??= (async () => {
      if (this.configuredKey) return Buffer.from(this.configuredKey, 'base64');
      try {
        return await readFile(this.keyFile);
      } catch {
        await mkdir(dirname(this.keyFile), { recursive: true });
        const key = randomBytes(32);
        await writeFile(this.keyFile, key, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
        return readFile(this.keyFile);
      }
    })();
    return this.key;
  }
}
