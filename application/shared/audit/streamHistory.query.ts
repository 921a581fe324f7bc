import type { ActorApplication } from '../../../domain/shared/event.js';
import type { EventStore, StoredEvent } from '../ports/eventStore.port.js';
import type { LoginAt } from './actorLogins.js';

export interface AuditEntry {
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly occurredAt: string;
  readonly actor: { readonly id: number; readonly login: string | null } | null;
  // Present only on an event an application caused with its client credentials.
  readonly actorApplication?: ActorApplication;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly correlationId: string;
  readonly change: unknown;
}

// Secrets never enter events, but hashes do; the audit trail shows that they changed, not their value.
const HIDDEN_FIELDS = new Set(['passwordHash', 'hashedToken', 'clientSecretHash', 'totpSecret']);

function redacted(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, HIDDEN_FIELDS.has(key) && value !== null ? '[hidden]' : value]));
}

// One event as an audit entry, the actor's login as it was then given.
export function auditEntryOf(event: StoredEvent, actorLogin: string | null): AuditEntry {
  const { actorId, actorApplication, occurredAt, ip, userAgent, correlationId } = event.metadata;
  return {
    revision: event.revision,
    position: event.position,
    type: event.type,
    occurredAt,
    actor: actorId === null ? null : { id: actorId, login: actorLogin },
    ...(actorApplication ? { actorApplication: { id: actorApplication.id, clientId: actorApplication.clientId, name: actorApplication.name } } : {}),
    ip: ip ?? null,
    userAgent: userAgent ?? null,
    correlationId,
    change: redacted(event.data),
  };
}

// The whole stream, or a window of it (a page: what it costs is the page and a look-up of
// each actor's login then, `loginAt`).
export async function streamHistory(
  eventStore: EventStore,
  streamId: string,
  loginAt: LoginAt,
  window?: { readonly fromRevision: number; readonly maxCount: number },
): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (const event of await eventStore.readStream(streamId, window ?? {})) {
    const { actorId } = event.metadata;
    entries.push(auditEntryOf(event, actorId === null ? null : await loginAt(actorId, event.position)));
  }
  return entries;
}

// How many events the stream holds: its last revision, read backwards (one event).
export async function streamLength(eventStore: EventStore, streamId: string): Promise<number> {
  const [last] = await eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  return last === undefined ? 0 : last.revision + 1;
}
