import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { ATTEMPTS_CONSIDERED, type AttemptKind, type SignInAttempt } from '../../domain/accounts/loginLockout.js';
import { metadataFor, systemContext } from '../shared/commandContext.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

export const accountAttemptsStream = (userId: number): string => `sign-in-attempts-user-${userId}`;
export const addressAttemptsStream = (ip: string): string => `sign-in-attempts-ip-${ip}`;

export interface AttemptRecord {
  readonly kind: AttemptKind;
  readonly login: string;
  readonly userId: number | null;
  readonly ip: string;
  readonly userAgent?: string;
}

// Sign-in attempts as events (every failure is audited: `forgelog audit stream
// sign-in-attempts-user-<id>`), one stream per account and one per client address. Reading
// the newest few keeps the cost flat however long the history.
@injectable()
export class SignInAttempts {
  constructor(@inject(TOKENS.EventStore) private readonly eventStore: EventStore) {}

  async recent(streamId: string): Promise<SignInAttempt[]> {
    const newestFirst = await this.eventStore.readStream(streamId, { direction: 'backwards', maxCount: ATTEMPTS_CONSIDERED });
    return newestFirst.reverse().map((event) => {
      const data = event.data as { kind: AttemptKind; at: string };
      return { kind: data.kind, outcome: event.type === 'SignInFailed' ? 'failed' : 'succeeded', at: Date.parse(data.at) };
    });
  }

  async record(streamId: string, outcome: 'failed' | 'succeeded', attempt: AttemptRecord, at: Date): Promise<void> {
    const context = { ...systemContext(at, attempt.userId), ip: attempt.ip, ...(attempt.userAgent ? { userAgent: attempt.userAgent } : {}) };
    const data = { kind: attempt.kind, login: attempt.login, userId: attempt.userId, ip: attempt.ip, at: at.toISOString() };
    // Appended whatever the stream's revision: attempts do not conflict with one another.
    await this.eventStore.append(
      streamId,
      [{ id: randomUUID(), type: outcome === 'failed' ? 'SignInFailed' : 'SignInSucceeded', data, metadata: metadataFor(context) }],
      'any',
    );
  }
}
