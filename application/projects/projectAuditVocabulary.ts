import type { ProjectEvent } from '../../domain/projects/project.events.js';
import type { AuditVocabulary } from '../shared/audit/auditLog.js';
import type { AuditEntry } from '../shared/audit/streamHistory.query.js';

// How project changes read in an audit log: GitHub's action names and each entry's fields.
// Used for a project's history (read from its stream) and by the audit projection.
const event = (entry: AuditEntry) => ({ type: entry.type, data: entry.change }) as ProjectEvent;

function snakeSettings(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key === 'organizationPermission' ? 'organization_permission' : key, value]));
}

// GitHub's audit-log action names for project changes.
function actionOf(entry: AuditEntry): string {
  const projectEvent = event(entry);
  switch (projectEvent.type) {
    case 'ProjectCreated':
      return 'project.create';
    case 'ProjectUpdated': {
      const changed = Object.keys(projectEvent.data.changes);
      if (changed.includes('state')) return projectEvent.data.changes.state === 'closed' ? 'project.close' : 'project.open';
      if (changed.includes('organizationPermission')) return 'project.update_org_permission';
      if (changed.includes('private')) return 'project.access';
      if (changed.length === 1 && changed[0] === 'name') return 'project.rename';
      return 'project.update';
    }
    case 'ProjectDeleted':
      return 'project.delete';
    case 'ProjectCollaboratorSet':
      return 'project.update_user_permission';
    case 'ProjectCollaboratorRemoved':
      return 'project.remove_user';
    case 'ProjectColumnCreated':
      return 'project_column.create';
    case 'ProjectColumnRenamed':
      return 'project_column.update';
    case 'ProjectColumnMoved':
      return 'project_column.move';
    case 'ProjectColumnDeleted':
      return 'project_column.delete';
    case 'ProjectCardCreated':
      return 'project_card.create';
    case 'ProjectCardUpdated':
      return projectEvent.data.changes.archived === true
        ? 'project_card.archive'
        : projectEvent.data.changes.archived === false
          ? 'project_card.restore'
          : 'project_card.update';
    case 'ProjectCardMoved':
      return 'project_card.move';
    case 'ProjectCardDeleted':
      return 'project_card.delete';
  }
}

// What each entry shows besides who and when: the ids, and the fields before and after.
function fieldsOf(entry: AuditEntry): Record<string, unknown> {
  const projectEvent = event(entry);
  const data = projectEvent.data as Record<string, unknown>;
  const ids = Object.fromEntries(
    (['projectId', 'columnId', 'cardId', 'userId'] as const).filter((key) => data[key] !== undefined).map((key) => [key.replace(/Id$/, '_id'), data[key]]),
  );
  switch (projectEvent.type) {
    case 'ProjectCreated': {
      const { name, body, ownerKind, ownerId, number } = projectEvent.data;
      return { ...ids, project_name: name, body, owner_kind: ownerKind, owner_id: ownerId, number };
    }
    case 'ProjectUpdated':
      return { ...ids, before: snakeSettings(projectEvent.data.previous), after: snakeSettings(projectEvent.data.changes) };
    case 'ProjectCollaboratorSet':
      return { ...ids, before: { permission: projectEvent.data.previousPermission }, after: { permission: projectEvent.data.permission } };
    case 'ProjectCollaboratorRemoved':
      return { ...ids, before: { permission: projectEvent.data.previousPermission }, after: { permission: null } };
    case 'ProjectColumnCreated':
      return { ...ids, column_name: projectEvent.data.name };
    case 'ProjectColumnRenamed':
      return { ...ids, before: { name: projectEvent.data.previousName }, after: { name: projectEvent.data.name } };
    case 'ProjectColumnMoved':
      return { ...ids, before: { after_column_id: projectEvent.data.previousAfterColumnId }, after: { after_column_id: projectEvent.data.afterColumnId } };
    case 'ProjectColumnDeleted':
      return { ...ids, column_name: projectEvent.data.name, card_ids: projectEvent.data.cardIds };
    case 'ProjectCardCreated':
      return { ...ids, note: projectEvent.data.note, content: projectEvent.data.content };
    case 'ProjectCardUpdated':
      return { ...ids, before: projectEvent.data.previous, after: projectEvent.data.changes };
    case 'ProjectCardMoved':
      return {
        ...ids,
        before: { column_id: projectEvent.data.fromColumnId },
        after: { column_id: projectEvent.data.toColumnId, after_card_id: projectEvent.data.afterCardId },
      };
    default:
      return ids;
  }
}

export const projectAuditVocabulary: AuditVocabulary = { action: actionOf, fields: fieldsOf };
