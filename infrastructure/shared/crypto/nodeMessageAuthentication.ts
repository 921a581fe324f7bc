import { createHmac } from 'node:crypto';
import type { MessageAuthentication } from '../../../application/shared/ports/hmac.port.js';

export const nodeMessageAuthentication: MessageAuthentication = {
  hmacSha1: (key, message) => createHmac('sha1', key).update(message).digest(),
};
