import { randomUUID } from 'node:crypto';
import type { ActorApplication, EventMetadata } from '../../domain/shared/event.js';

// Where a command came from: the audit trail records it on every event it produces.
export interface CommandContext {
  readonly actorId: number | null;
  // An application acting with its client credentials (then actorId is null).
  readonly actorApplication?: ActorApplication;
  readonly correlationId: string;
  readonly causationId: string;
  readonly occurredAt: Date;
  // A time from the past to record as it is (a migration import's records): never taken again.
  readonly keepsTime?: true;
  readonly ip?: string;
  readonly userAgent?: string;
}

export function systemContext(occurredAt: Date, actorId: number | null = null): CommandContext {
  const id = randomUUID();
  return { actorId, correlationId: id, causationId: id, occurredAt };
}

export function metadataFor(context: CommandContext, schemaVersion = 1): EventMetadata {
  return {
    schemaVersion,
    actorId: context.actorId,
    ...(context.actorApplication ? { actorApplication: context.actorApplication } : {}),
    correlationId: context.correlationId,
    causationId: context.causationId,
    occurredAt: context.occurredAt.toISOString(),
    ...(context.ip ? { ip: context.ip } : {}),
    ...(context.userAgent ? { userAgent: context.userAgent } : {}),
  };
}
