import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { base32Decode, matchingTotpCounter } from '../../domain/accounts/totp.js';
import { metadataFor, systemContext } from '../shared/commandContext.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { SecretCipher } from '../shared/ports/secretCipher.port.js';
import type { MessageAuthentication } from '../shared/ports/hmac.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

// One stream per user holding the time steps of the codes accepted, newest last.
export const acceptedCodesStream = (userId: number): string => `two-factor-codes-${userId}`;

const CLAIM_ATTEMPTS = 3;

// Checks the code of an X-GitHub-OTP header against a user's encrypted TOTP secret. As on
// GitHub, a code may be sent again while it is valid ("you can use the OTP more than once,
// because it is actually a time-based password"): @octokit/rest 16 keeps the code it was
// given for the requests that follow, and a client refused it would ask the user again for
// the same code and fail. Never an older code than one accepted (RFC 6238 section 5.2's
// replay rule, kept where clients allow it): the time step of each newer code accepted is
// appended to the user's accepted-codes stream with the revision last read, so once a newer
// code is in use the older ones are spent, whichever process sees them. Reading the stream's
// last event alone keeps the cost flat however often the user signs in.
@injectable()
export class VerifyTwoFactorCode {
  constructor(
    @inject(TOKENS.TotpSecretCipher) private readonly cipher: SecretCipher,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.MessageAuthentication) private readonly mac: MessageAuthentication,
  ) {}

  async execute(userId: number, encryptedTotpSecret: string, code: string): Promise<boolean> {
    const now = this.clock.now();
    const counter = matchingTotpCounter(
      (key, message) => this.mac.hmacSha1(key, message),
      base32Decode(await this.cipher.decrypt(encryptedTotpSecret)),
      code.trim(),
      now.getTime(),
    );
    if (counter === null) return false;
    const streamId = acceptedCodesStream(userId);
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const [last] = await this.eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
      const accepted = last === undefined ? null : (last.data as { counter: number }).counter;
      // The code last accepted, again within its window: nothing new to record.
      if (accepted === counter) return true;
      // A newer code was accepted already: this one is spent.
      if (accepted !== null && accepted > counter) return false;
      const metadata = metadataFor(systemContext(now, userId));
      const appended = await this.eventStore.append(
        streamId,
        [{ id: randomUUID(), type: 'TwoFactorCodeAccepted', data: { userId, counter, acceptedAt: now.toISOString() }, metadata }],
        last ? last.revision : 'no_stream',
      );
      if (appended.outcome === 'appended') return true;
    }
    return false;
  }
}
