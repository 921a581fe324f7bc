import type { ProjectOwnerKind } from '../../domain/projects/project.events.js';
import type { AuditLogEntry } from '../shared/audit/auditLog.js';
import type { Document } from '../shared/ports/readModelStore.port.js';

// Every project change as an audit-log entry, kept by the project audit projection so that an
// owner's audit log reads a page, not every project's history.
export const PROJECT_AUDIT_ENTRIES_COLLECTION = 'project_audit_entries';
// The projection's own look-ups: each project's owner, each account's login as it is now
// (an entry names its actor as they were called when it happened).
export const PROJECT_AUDIT_OWNERS_COLLECTION = 'project_audit_owners';
export const PROJECT_AUDIT_LOGINS_COLLECTION = 'project_audit_logins';

export interface ProjectAuditEntryDocument extends Document {
  _id: string; // the entry's _document_id
  owner_kind: ProjectOwnerKind;
  owner_id: number;
  project_id: number;
  timestamp: number;
  position: number;
  action: string;
  // The action's category (`project_card` of `project_card.move`): `action:project_card` names it.
  action_category: string;
  actor_lower: string | null;
  // What free text in a phrase finds (auditWords.ts).
  words: string[];
  entry: AuditLogEntry;
}

export interface ProjectAuditOwnerDocument extends Document {
  _id: string; // String(project id)
  owner_kind: ProjectOwnerKind;
  owner_id: number;
}

export interface ProjectAuditLoginDocument extends Document {
  _id: string; // String(account id)
  login: string;
}
