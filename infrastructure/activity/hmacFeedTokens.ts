import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FeedTokens } from '../../application/shared/ports/feedTokens.port.js';
import { signingKey } from '../shared/crypto/keyFile.js';

// HMAC-SHA256 of the user's id under FORGELOG_FEED_TOKEN_KEY (base64 of 32 bytes), or a key
// file made on first use: every process of a deployment must share it.
export class HmacFeedTokens implements FeedTokens {
  private readonly keyBytes: () => Promise<Buffer>;

  constructor(keyFile: string, configuredKey: string | undefined) {
    this.keyBytes = signingKey(keyFile, configuredKey);
  }

  async tokenFor(userId: number): Promise<string> {
    return createHmac('sha256', await this.keyBytes())
      .update(`private-feed:${userId}`)
      .digest('hex');
  }

  async verifies(userId: number, token: string): Promise<boolean> {
    if (!/^[0-9a-f]{64}$/.test(token)) return false;
    return timingSafeEqual(Buffer.from(await this.tokenFor(userId), 'hex'), Buffer.from(token, 'hex'));
  }
}
