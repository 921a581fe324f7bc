import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCipher } from '../../application/shared/ports/secretCipher.port.js';

const FORMAT = 'v1';
const IV_BYTES = 12;

// AES-256-GCM: "v1.<iv>.<auth tag>.<ciphertext>", base64url parts. The tag makes a
// ciphertext made under another key (or altered) fail to decrypt rather than yield garbage.
export class AesGcmSecretCipher implements SecretCipher {
  private key: Promise<Buffer> | undefined;

  // The key is loaded on first use, so a server whose users never enable two-factor needs none.
  constructor(private readonly loadKey: () => Promise<Buffer>) {}

  async encrypt(plaintext: string): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.keyOnce(), iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  async decrypt(sealed: string): Promise<string> {
    const [format, iv, tag, ciphertext] = sealed.split('.');
    if (format !== FORMAT || iv === undefined || tag === undefined || ciphertext === undefined) throw new Error('not a forgelog v1 ciphertext');
    const decipher = createDecipheriv('aes-256-gcm', await this.keyOnce(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  private keyOnce(): Promise<Buffer> {
    this.key ??= this.loadKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }
}
