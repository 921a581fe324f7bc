import type { EventStore } from '../ports/eventStore.port.js';
import type { LoginAt } from './actorLogins.js';
import { streamHistory, streamLength, type AuditEntry } from './streamHistory.query.js';

// The audit mechanism tokens and projects share: a stream's history in the shape of GitHub's
// audit-log entries, and (streamTimeline.ts) the state of the thing a stream describes as it
// stood at a past instant. A deleted thing's stream stays, so its history does too.

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

// An application acting with its client credentials is no user: actor and actor_id stay null and
// the entry names the application (oauth_application_id, _client_id, _name); entries of events
// no application caused carry none of these fields.

// One page of a stream's history, oldest first, and how many entries it holds in all: a long
// stream (a busy project board) costs the page read.
export async function auditLogOf(
  eventStore: EventStore,
  streamId: string,
  vocabulary: AuditVocabulary,
  loginAt: LoginAt,
  { page, perPage }: { readonly page: number; readonly perPage: number },
): Promise<{ readonly entries: AuditLogEntry[]; readonly totalCount: number }> {
  const [history, totalCount] = await Promise.all([
    streamHistory(eventStore, streamId, loginAt, { fromRevision: (page - 1) * perPage, maxCount: perPage }),
    streamLength(eventStore, streamId),
  ]);
  return { entries: history.map((entry) => auditLogEntryOf(streamId, entry, vocabulary)), totalCount };
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
    ...(entry.actorApplication
      ? {
          oauth_application_id: entry.actorApplication.id,
          oauth_application_client_id: entry.actorApplication.clientId,
          oauth_application_name: entry.actorApplication.name,
        }
      : {}),
    _document_id: `${streamId}:${entry.revision}`,
  };
}
