import type { ProjectCardDocument, ProjectColumnDocument, ProjectDocument } from '../../../application/projects/projects.readModel.js';
import type { ProjectQueries } from '../../../application/projects/projectQueries.js';
import type { IssueQueries } from '../../../application/issues/issue.queries.js';
import type { LabelDocument, MilestoneDocument } from '../../../application/issues/issues.readModel.js';
import type { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import { deletedCopy } from '../../../application/shared/deletedCopies.js';
import type { EventStore, StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import type { ReadModelStore } from '../../../application/shared/ports/readModelStore.port.js';
import { labelDecider } from '../../../domain/issues/label.decider.js';
import { milestoneDecider } from '../../../domain/issues/milestone.decider.js';
import { projectDecider } from '../../../domain/projects/project.decider.js';
import { repositoryDecider } from '../../../domain/repositories/repository.decider.js';
import { sourceImportDecider } from '../../../domain/imports/sourceImport.decider.js';
import { subjectStates } from './subjectStates.js';
import { labelJson, milestoneJson } from '../issues/issues.encoders.js';
import { cardJson, columnJson, projectJson, projectOwnerPaths } from '../projects/projects.encoders.js';
import type { ApiUrls } from '../shared/apiUrls.js';
import { changesOf, LABEL_CHANGE_FIELDS, MILESTONE_CHANGE_FIELDS, PROJECT_CHANGE_FIELDS, REPOSITORY_CHANGE_FIELDS } from './webhookChanges.js';

type Json = Record<string, unknown>;

// What a delivery of an event the activity feeds keep no record of is about (label, milestone,
// repository, project and import events, and deletions): its webhook event and action, who
// hears it, and the payload's own fields.
export interface WebhookSubject {
  readonly event: string;
  readonly action: string | null;
  readonly repositoryId: number | null;
  readonly organizationId?: number | null;
  readonly fields: Json;
  // A repository's own deletion: the repository as it was.
  readonly deletedRepository?: RepositoryDocument;
}

export interface WebhookSubjectDeps {
  readonly repositories: RepositoryQueries;
  readonly issues: IssueQueries;
  readonly projects: ProjectQueries;
  readonly store: ReadModelStore;
  readonly eventStore: EventStore;
  readonly urls: () => ApiUrls;
}

export interface WebhookSubjects {
  subjectOf(event: StoredEvent): Promise<WebhookSubject | null>;
  // A repository's full name (for its URLs) and its organization, if an organization owns it.
  repositoryHome(repositoryId: number): Promise<{ fullName: string; urls: ApiUrls; organizationId: number | null } | null>;
}

// Each object as its stream says it was right after the event (the read model may already show
// later changes when the fan-out runs), on the read model's document; an edit's `changes` from
// the stream as it was right before; a deletion from the copy the owning projection kept.
export function webhookSubjects(deps: WebhookSubjectDeps): WebhookSubjects {
  const { repositories, issues, projects, store, eventStore } = deps;

  const statesAround = subjectStates(eventStore);

  // A repository's full name (for its URLs) and its organization, if an organization owns it.
  async function repositoryHome(repositoryId: number): Promise<{ fullName: string; urls: ApiUrls; organizationId: number | null } | null> {
    const repository = await repositories.byId(repositoryId);
    const owner = repository ? (await repositories.accountsByIds([repository.owner_id])).get(repository.owner_id) : undefined;
    if (!repository || !owner) return null;
    return { fullName: `${owner.login}/${repository.name}`, urls: deps.urls(), organizationId: owner.type === 'Organization' ? owner.id : null };
  }

  async function subjectOf(event: StoredEvent): Promise<WebhookSubject | null> {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'LabelCreated':
      case 'LabelUpdated': {
        const [current] = await issues.labelsByIds([Number(data.labelId)]);
        const { before, after: then } = await statesAround(labelDecider, event);
        const paths = current ? await repositoryHome(current.repository_id) : null;
        if (!current || !paths || then.status !== 'present') return null;
        const label = { ...current, name: then.name, color: then.color, description: then.description };
        if (event.type === 'LabelCreated')
          return { event: 'label', action: 'created', repositoryId: label.repository_id, fields: { label: labelJson(label, paths) } };
        const changes = before.status === 'present' ? changesOf(before, then, LABEL_CHANGE_FIELDS) : {};
        return { event: 'label', action: 'edited', repositoryId: label.repository_id, fields: { label: labelJson(label, paths), changes } };
      }
      case 'MilestoneCreated':
      case 'MilestoneUpdated': {
        const current = await issues.milestoneById(Number(data.milestoneId));
        const { before, after: then } = await statesAround(milestoneDecider, event);
        const paths = current ? await repositoryHome(current.repository_id) : null;
        if (!current || !paths || then.status !== 'present') return null;
        const closedAt = then.state === 'closed' ? (current.closed_at ?? event.metadata.occurredAt) : null;
        const milestone = { ...current, title: then.title, description: then.description, state: then.state, due_on: then.dueOn, closed_at: closedAt };
        const state = (data.changes as { state?: string } | undefined)?.state;
        const action = event.type === 'MilestoneCreated' ? 'created' : state === 'closed' ? 'closed' : state === 'open' ? 'opened' : 'edited';
        const creator = (await repositories.accountsByIds([milestone.creator_id])).get(milestone.creator_id);
        const changes = action === 'edited' && before.status === 'present' ? { changes: changesOf(before, then, MILESTONE_CHANGE_FIELDS) } : {};
        return {
          event: 'milestone',
          action,
          repositoryId: milestone.repository_id,
          fields: { milestone: milestoneJson(milestone, creator, paths), ...changes },
        };
      }
      case 'RepositoryRenamed':
        return {
          event: 'repository',
          action: 'renamed',
          repositoryId: Number(data.repositoryId),
          fields: { changes: { repository: { name: { from: data.fromName } } } },
        };
      case 'RepositoryArchived':
        return { event: 'repository', action: 'archived', repositoryId: Number(data.repositoryId), fields: {} };
      case 'RepositoryUnarchived':
        return { event: 'repository', action: 'unarchived', repositoryId: Number(data.repositoryId), fields: {} };
      case 'RepositoryCreated':
        return { event: 'repository', action: 'created', repositoryId: Number(data.repositoryId), fields: {} };
      case 'RepositoryEdited': {
        const changes = (data.changes ?? {}) as { private?: boolean };
        if (changes.private === undefined) {
          const { before, after } = await statesAround(repositoryDecider, event);
          const edited = before.status === 'active' && after.status === 'active' ? changesOf(before.settings, after.settings, REPOSITORY_CHANGE_FIELDS) : {};
          return { event: 'repository', action: 'edited', repositoryId: Number(data.repositoryId), fields: { changes: edited } };
        }
        return { event: 'repository', action: changes.private ? 'privatized' : 'publicized', repositoryId: Number(data.repositoryId), fields: {} };
      }
      case 'ProjectCreated':
      case 'ProjectUpdated': {
        const current = await projects.project(Number(data.projectId));
        const { before, after: then } = await statesAround(projectDecider, event);
        if (!current || then.status !== 'active') return null;
        const project = { ...current, name: then.settings.name, body: then.settings.body, state: then.settings.state };
        const state = (data.changes as { state?: string } | undefined)?.state;
        const action = event.type === 'ProjectCreated' ? 'created' : state === 'closed' ? 'closed' : state === 'open' ? 'reopened' : 'edited';
        const changes = action === 'edited' && before.status === 'active' ? { changes: changesOf(before.settings, then.settings, PROJECT_CHANGE_FIELDS) } : {};
        return { event: 'project', action, ...projectHome(project), fields: { project: await projectPayload(project), ...changes } };
      }
      case 'ProjectColumnCreated':
      case 'ProjectColumnRenamed':
      case 'ProjectColumnMoved': {
        const current = await projects.column(Number(data.columnId));
        const project = current ? await projects.project(current.project_id) : null;
        const { before, after: then } = await statesAround(projectDecider, event);
        const name = then.columnNames.get(Number(data.columnId));
        if (!current || !project || name === undefined) return null;
        const column = { ...current, name };
        const action = event.type === 'ProjectColumnCreated' ? 'created' : event.type === 'ProjectColumnRenamed' ? 'edited' : 'moved';
        const changes = action === 'edited' ? { changes: { name: { from: before.columnNames.get(Number(data.columnId)) ?? null } } } : {};
        return { event: 'project_column', action, ...projectHome(project), fields: { project_column: columnJson(column, deps.urls()), ...changes } };
      }
      case 'ProjectCardCreated':
      case 'ProjectCardUpdated':
      case 'ProjectCardMoved': {
        const current = await projects.card(Number(data.cardId));
        const project = current ? await projects.project(current.project_id) : null;
        const { before, after: then } = await statesAround(projectDecider, event);
        const cardThen = then.cardStates.get(Number(data.cardId));
        if (!current || !project || !cardThen) return null;
        const card = { ...current, note: cardThen.note, archived: cardThen.archived, column_id: cardThen.columnId };
        const action = event.type === 'ProjectCardCreated' ? 'created' : event.type === 'ProjectCardUpdated' ? 'edited' : 'moved';
        const creator = (await repositories.accountsByIds([card.creator_id])).get(card.creator_id);
        const contentPaths = card.content ? await repositoryHome(card.content.repositoryId) : null;
        const contentPath = card.content && contentPaths ? `/repos/${contentPaths.fullName}/issues/${card.content.number}` : null;
        // A webhook's card names its column and the card above it (the REST card does not).
        const order = then.cards.get(card.column_id) ?? [];
        const above = order[order.indexOf(card.id) - 1];
        const projectCard = { ...cardJson(card, creator, contentPath, deps.urls()), column_id: card.column_id, after_id: above ?? null };
        const changes = action === 'edited' ? { changes: { note: { from: before.cardStates.get(Number(data.cardId))?.note ?? null } } } : {};
        return { event: 'project_card', action, ...projectHome(project), fields: { project_card: projectCard, ...changes } };
      }
      case 'ImportCompleted':
      case 'ImportFailed':
      case 'ImportCancelled': {
        // The event tells an import's final state: a completed import already told its
        // "success", and cancelling it afterwards (removing the record) ends nothing.
        if (event.type === 'ImportCancelled') {
          const { before } = await statesAround(sourceImportDecider, event);
          if (before.kind === 'present' && before.import.status === 'complete') return null;
        }
        const status = event.type === 'ImportCompleted' ? 'success' : event.type === 'ImportFailed' ? 'failure' : 'cancelled';
        return { event: 'repository_import', action: null, repositoryId: Number(data.repositoryId), fields: { status } };
      }
      default:
        return deletedSubject(event);
    }
  }

  // A deletion: the object as its projection last had it (a copy kept for a few days after the
  // deletion, application/shared/deletedCopies.ts), since the read model no longer holds it.
  async function deletedSubject(event: StoredEvent) {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'LabelDeleted': {
        const label = await deletedCopy<LabelDocument>(store, 'label', Number(data.labelId));
        const paths = label ? await repositoryHome(label.repository_id) : null;
        if (!label || !paths) return null;
        return { event: 'label', action: 'deleted', repositoryId: label.repository_id, fields: { label: labelJson(label, paths) } };
      }
      case 'MilestoneDeleted': {
        const milestone = await deletedCopy<MilestoneDocument>(store, 'milestone', Number(data.milestoneId));
        const paths = milestone ? await repositoryHome(milestone.repository_id) : null;
        if (!milestone || !paths) return null;
        const creator = (await repositories.accountsByIds([milestone.creator_id])).get(milestone.creator_id);
        return {
          event: 'milestone',
          action: 'deleted',
          repositoryId: milestone.repository_id,
          fields: { milestone: milestoneJson(milestone, creator, paths) },
        };
      }
      case 'ProjectDeleted': {
        const project = await deletedCopy<ProjectDocument>(store, 'project', Number(data.projectId));
        if (!project) return null;
        return { event: 'project', action: 'deleted', ...projectHome(project), fields: { project: await projectPayload(project) } };
      }
      case 'ProjectColumnDeleted': {
        const column = await deletedCopy<ProjectColumnDocument>(store, 'project_column', Number(data.columnId));
        const project = column ? await projects.project(column.project_id) : null;
        if (!column || !project) return null;
        return { event: 'project_column', action: 'deleted', ...projectHome(project), fields: { project_column: columnJson(column, deps.urls()) } };
      }
      case 'ProjectCardDeleted': {
        const card = await deletedCopy<ProjectCardDocument>(store, 'project_card', Number(data.cardId));
        const project = card ? await projects.project(card.project_id) : null;
        if (!card || !project) return null;
        const creator = (await repositories.accountsByIds([card.creator_id])).get(card.creator_id);
        const contentPaths = card.content ? await repositoryHome(card.content.repositoryId) : null;
        const contentPath = card.content && contentPaths ? `/repos/${contentPaths.fullName}/issues/${card.content.number}` : null;
        const projectCard = { ...cardJson(card, creator, contentPath, deps.urls()), column_id: card.column_id, after_id: null };
        return { event: 'project_card', action: 'deleted', ...projectHome(project), fields: { project_card: projectCard } };
      }
      case 'RepositoryDeleted': {
        const repository = await deletedCopy<RepositoryDocument>(store, 'repository', Number(data.repositoryId));
        if (!repository) return null;
        const owner = (await repositories.accountsByIds([repository.owner_id])).get(repository.owner_id);
        const organizationId = owner?.type === 'Organization' ? owner.id : null;
        return { event: 'repository', action: 'deleted', repositoryId: repository.id, organizationId, fields: {}, deletedRepository: repository };
      }
      default:
        return null;
    }
  }

  // Which hooks hear about a project: its repository's (and that one's organization's), or its
  // organization's; a user's project has none.
  function projectHome(project: ProjectDocument): { repositoryId: number | null; organizationId?: number | null } {
    if (project.owner_kind === 'repository') return { repositoryId: project.owner_id };
    return { repositoryId: null, organizationId: project.owner_kind === 'organization' ? project.owner_id : null };
  }

  async function projectPayload(project: ProjectDocument): Promise<Json> {
    const accounts = await repositories.accountsByIds([project.creator_id, project.owner_id]);
    const repositoryName = project.owner_kind === 'repository' ? (await repositoryHome(project.owner_id))?.fullName : undefined;
    const owner = projectOwnerPaths(project, repositoryName, accounts.get(project.owner_id)?.login);
    return projectJson(project, accounts.get(project.creator_id), owner, 'admin', deps.urls());
  }

  return { subjectOf, repositoryHome };
}
