import type { EventStore, StoredEvent } from '../ports/eventStore.port.js';

export interface AuditEntry {
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly occurredAt: string;
  readonly actor: { readonly id: number; readonly login: string | null } | null;
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

// The actor's login at the time of the event, folded from the actor's own user stream.
async function loginAt(eventStore: EventStore, actorId: number, position: number, cache: Map<number, StoredEvent[]>): Promise<string | null> {
  if (!cache.has(actorId)) cache.set(actorId, await eventStore.readStream(`user-${actorId}`));
  let login: string | null = null;
  for (const event of cache.get(actorId)!) {
    if (event.position > position) break;
    const data = event.data as { login?: string };
    if (typeof data.login === 'string') login = data.login;
  }
  return login;
}

// One event as an audit entry, the actor's login as it was then given.
export function auditEntryOf(event: StoredEvent, actorLogin: string | null): AuditEntry {
  const { actorId, occurredAt, ip, userAgent, correlationId } = event.metadata;
  return {
    revision: event.revision,
    position: event.position,
    type: event.type,
    occurredAt,
    actor: actorId === null ? null : { id: actorId, login: actorLogin },
    ip: ip ?? null,
    userAgent: userAgent ?? null,
    correlationId,
    change: redacted(event.data),
  };
}

// The whole stream, or a window of it (a page: what it costs is the page).
export async function streamHistory(
  eventStore: EventStore,
  streamId: string,
  window?: { readonly fromRevision: number; readonly maxCount: number },
): Promise<AuditEntry[]> {
  const actors = new Map<number, StoredEvent[]>();
  const entries: AuditEntry[] = [];
  for (const event of await eventStore.readStream(streamId, window ?? {})) {
    const { actorId } = event.metadata;
    entries.push(auditEntryOf(event, actorId === null ? null : await loginAt(eventStore, actorId, event.position, actors)));
  }
  return entries;
}

// How many events the stream holds: its last revision, read backwards (one event).
export async function streamLength(eventStore: EventStore, streamId: string): Promise<number> {
  const [last] = await eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  return last === undefined ? 0 : last.revision + 1;
}
