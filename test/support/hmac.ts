import { createHmac } from 'node:crypto';
import type { HmacSha1 } from '../../domain/accounts/totp.js';

// The HMAC the server's port gives, for specs that compute TOTP codes.
export const hmacSha1: HmacSha1 = (key, message) => createHmac('sha1', key).update(message).digest();
