import type { EventStore, StoredEvent } from '../ports/eventStore.port.js';
import { streamHistory, type AuditEntry } from './streamHistory.query.js';

// The audit mechanism every area shares (tokens now, projects next): a stream's history in
// the shape of GitHub's audit-log entries, and the state of the thing a stream describes as
// it stood at a past instant. A deleted thing's stream stays, so its history does too.

export interface AuditLogEntry {
  readonly '@timestamp': number;
  readonly created_at: number;
  readonly action: string;
  readonly actor: string | null;
  readonly actor_id: number | null;
  readonly actor_ip: string | null;
  readonly user_agent: string | null;
  readonly _document_id: string;
  readonly [field: string]: unknown;
}

// How an area names its events as GitHub actions (`oauth_authorization.create`) and which of
// their fields the entry shows (the fields before and after, for a change).
export interface AuditVocabulary {
  action(entry: AuditEntry): string;
  fields(entry: AuditEntry): Record<string, unknown>;
}

export async function auditLogOf(eventStore: EventStore, streamId: string, vocabulary: AuditVocabulary): Promise<AuditLogEntry[]> {
  return (await streamHistory(eventStore, streamId)).map((entry) => auditLogEntryOf(streamId, entry, vocabulary));
}

export function auditLogEntryOf(streamId: string, entry: AuditEntry, vocabulary: AuditVocabulary): AuditLogEntry {
  const at = Date.parse(entry.occurredAt);
  return {
    ...vocabulary.fields(entry),
    '@timestamp': at,
    created_at: at,
    action: vocabulary.action(entry),
    actor: entry.actor?.login ?? null,
    actor_id: entry.actor?.id ?? null,
    actor_ip: entry.ip,
    user_agent: entry.userAgent,
    _document_id: `${streamId}:${entry.revision}`,
  };
}

// The events of a stream up to and including an instant (by when they happened), for a
// caller to fold into the state it describes.
export async function eventsAsOf(eventStore: EventStore, streamId: string, instant: Date): Promise<StoredEvent[]> {
  const limit = instant.getTime();
  return (await eventStore.readStream(streamId)).filter((event) => Date.parse(event.metadata.occurredAt) <= limit);
}
