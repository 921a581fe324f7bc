import {
  PROJECT_AUDIT_ENTRIES_COLLECTION,
  PROJECT_AUDIT_LOGINS_COLLECTION,
  PROJECT_AUDIT_OWNERS_COLLECTION,
  type ProjectAuditEntryDocument,
  type ProjectAuditLoginDocument,
  type ProjectAuditOwnerDocument,
} from '../../application/projects/projectAudit.readModel.js';
import { projectAuditVocabulary } from '../../application/projects/projectAuditVocabulary.js';
import { auditQualifierWords, auditWordsOf } from '../../application/projects/auditWords.js';
import { auditLogEntryOf } from '../../application/shared/audit/auditLog.js';
import { auditEntryOf } from '../../application/shared/audit/streamHistory.query.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { UserEvent } from '../../domain/accounts/user.events.js';
import { PROJECT_EVENT_TYPES, type ProjectCreated } from '../../domain/projects/project.events.js';

const entries = (target: ProjectionTarget) => target.collection<ProjectAuditEntryDocument>(PROJECT_AUDIT_ENTRIES_COLLECTION);
const owners = (target: ProjectionTarget) => target.collection<ProjectAuditOwnerDocument>(PROJECT_AUDIT_OWNERS_COLLECTION);
const logins = (target: ProjectionTarget) => target.collection<ProjectAuditLoginDocument>(PROJECT_AUDIT_LOGINS_COLLECTION);

// The user events that carry the account's login (user.events.ts): the others leave it as it was.
const LOGIN_EVENT_TYPES = ['UserCreated', 'UserRenamed', 'UserDeleted'] as const satisfies readonly UserEvent['type'][];

// An account's login is whatever its stream last said it was (created, renamed), as the
// per-stream history reads it.
async function accountEvent(event: StoredEvent, target: ProjectionTarget): Promise<void> {
  const login = (event.data as { login?: unknown }).login;
  if (typeof login !== 'string') return;
  const id = event.streamId.slice('user-'.length);
  await logins(target).updateOne({ _id: id }, { $set: { login } }, { upsert: true });
}

async function projectEvent(event: StoredEvent, target: ProjectionTarget): Promise<void> {
  const projectId = (event.data as { projectId: number }).projectId;
  if (event.type === 'ProjectCreated') {
    const { ownerKind, ownerId } = event.data as ProjectCreated['data'];
    await owners(target).updateOne({ _id: String(projectId) }, { $set: { owner_kind: ownerKind, owner_id: ownerId } }, { upsert: true });
  }
  const owner = await owners(target).findOne({ _id: String(projectId) });
  if (!owner) return;
  const actorId = event.metadata.actorId;
  const actorLogin = actorId === null ? null : ((await logins(target).findOne({ _id: String(actorId) }))?.login ?? null);
  const entry = auditLogEntryOf(event.streamId, auditEntryOf(event, actorLogin), projectAuditVocabulary);
  const document: ProjectAuditEntryDocument = {
    _id: entry._document_id,
    owner_kind: owner.owner_kind,
    owner_id: owner.owner_id,
    project_id: projectId,
    timestamp: entry['@timestamp'],
    position: event.position,
    action: entry.action,
    action_category: entry.action.split('.')[0]!,
    actor_lower: entry.actor?.toLowerCase() ?? null,
    words: [...auditWordsOf(entry), ...auditQualifierWords({ action: entry.action, actor_lower: entry.actor?.toLowerCase() ?? null, project_id: projectId })],
    entry,
  };
  await entries(target).replaceOne({ _id: document._id }, document, { upsert: true });
}

// Project changes as audit-log entries by owner, newest first (GET /orgs/{org}/audit-log).
export const projectAuditProjection: Projection = {
  name: 'project-audit',
  // 2: entries keep their words; 3: and their qualifiers as words
  version: 3,
  collections: [
    {
      name: PROJECT_AUDIT_ENTRIES_COLLECTION,
      indexes: [
        { name: 'owner_time', keys: { owner_kind: 1, owner_id: 1, timestamp: 1, position: 1 } },
        // Free text: multikey, an entry per word, so a phrase's page walks the entries holding its word.
        { name: 'owner_word_time', keys: { owner_kind: 1, owner_id: 1, words: 1, timestamp: 1, position: 1 } },
      ],
    },
    { name: PROJECT_AUDIT_OWNERS_COLLECTION },
    { name: PROJECT_AUDIT_LOGINS_COLLECTION },
  ],
  // Named, so the runner passes over the rest: acting on every event, this kept the whole
  // read-your-writes lane from passing over any (an id block reserved, an issue opened...).
  eventTypes: new Set([...PROJECT_EVENT_TYPES, ...LOGIN_EVENT_TYPES]),
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    if (event.streamId.startsWith('user-')) await accountEvent(event, target);
    if (PROJECT_EVENT_TYPES.has(event.type)) await projectEvent(event, target);
  },
};
