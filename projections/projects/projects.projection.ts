import {
  PROJECTS_COLLECTION,
  PROJECT_CARDS_COLLECTION,
  PROJECT_COLLABORATORS_COLLECTION,
  PROJECT_COLUMNS_COLLECTION,
  PROJECT_OWNERS_COLLECTION,
  PROJECT_COLUMN_HOMES_COLLECTION,
  type ProjectCardDocument,
  type ProjectCollaboratorDocument,
  type ProjectColumnDocument,
  type ProjectDocument,
} from '../../application/projects/projects.readModel.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { RepositoryDeleted } from '../../domain/repositories/repository.events.js';
import { DELETED_COPIES_COLLECTIONS } from '../../application/shared/deletedCopies.js';
import { deletedCopiesCollection, keepDeletedCopy } from '../shared/deletedCopies.js';
import { insertAfter } from '../../domain/projects/project.decider.js';
import { PROJECT_EVENT_TYPES, type ProjectEvent, type ProjectSettings } from '../../domain/projects/project.events.js';

const projects = (target: ProjectionTarget) => target.collection<ProjectDocument>(PROJECTS_COLLECTION);
const columns = (target: ProjectionTarget) => target.collection<ProjectColumnDocument>(PROJECT_COLUMNS_COLLECTION);
const cards = (target: ProjectionTarget) => target.collection<ProjectCardDocument>(PROJECT_CARDS_COLLECTION);
const collaborators = (target: ProjectionTarget) => target.collection<ProjectCollaboratorDocument>(PROJECT_COLLABORATORS_COLLECTION);

// Orders are written whole, placed as the decider places them (insertAfter), so that applying
// an event twice gives the same list.
function settingsFields(settings: Partial<ProjectSettings>): Partial<ProjectDocument> {
  return {
    ...(settings.name !== undefined ? { name: settings.name } : {}),
    ...(settings.body !== undefined ? { body: settings.body } : {}),
    ...(settings.state !== undefined ? { state: settings.state } : {}),
    ...(settings.organizationPermission !== undefined ? { organization_permission: settings.organizationPermission } : {}),
    ...(settings.private !== undefined ? { private: settings.private } : {}),
  };
}

async function reorderColumns(target: ProjectionTarget, projectId: number, reorder: (ids: readonly number[]) => number[]): Promise<void> {
  const project = await projects(target).findOne({ _id: String(projectId) });
  if (project) await projects(target).updateOne({ _id: project._id }, { $set: { column_ids: reorder(project.column_ids) } });
}

async function reorderCards(target: ProjectionTarget, columnId: number, reorder: (ids: readonly number[]) => number[]): Promise<void> {
  const column = await columns(target).findOne({ _id: String(columnId) });
  if (column) await columns(target).updateOne({ _id: column._id }, { $set: { card_ids: reorder(column.card_ids) } });
}

// The column's archived cards (a set, in no order: the list of a column's cards is read in
// card_ids order), so that a page of its cards loads that page's cards, not the column's.
async function markArchived(target: ProjectionTarget, columnId: number, cardId: number, archived: boolean): Promise<void> {
  const column = await columns(target).findOne({ _id: String(columnId) });
  if (!column) return;
  const others = column.archived_card_ids.filter((id) => id !== cardId);
  await columns(target).updateOne({ _id: column._id }, { $set: { archived_card_ids: archived ? [...others, cardId] : others } });
}

async function markGone(target: ProjectionTarget, columnId: number, cardId: number): Promise<void> {
  const column = await columns(target).findOne({ _id: String(columnId) });
  if (!column) return;
  await columns(target).updateOne({ _id: column._id }, { $set: { gone_card_ids: [...column.gone_card_ids.filter((id) => id !== cardId), cardId] } });
}

async function applyProjectEvent(event: ProjectEvent, target: ProjectionTarget): Promise<void> {
  switch (event.type) {
    case 'ProjectCreated': {
      const data = event.data;
      const document: ProjectDocument = {
        _id: String(data.projectId),
        id: data.projectId,
        owner_kind: data.ownerKind,
        owner_id: data.ownerId,
        number: data.number,
        name: data.name,
        body: data.body,
        state: data.state,
        organization_permission: data.organizationPermission,
        private: data.private,
        creator_id: data.creatorId,
        column_ids: [],
        created_at: data.createdAt,
        updated_at: data.createdAt,
      };
      await projects(target).replaceOne({ _id: document._id }, document, { upsert: true });
      const owner = { _id: document._id, project_id: data.projectId, owner_kind: data.ownerKind, owner_id: data.ownerId };
      await target.collection(PROJECT_OWNERS_COLLECTION).replaceOne({ _id: owner._id }, owner, { upsert: true });
      return;
    }
    case 'ProjectUpdated':
      await projects(target).updateOne(
        { _id: String(event.data.projectId) },
        { $set: { ...settingsFields(event.data.changes), updated_at: event.data.updatedAt } },
      );
      return;
    case 'ProjectDeleted': {
      const projectId = event.data.projectId;
      await keepDeletedCopy(target, 'project', await projects(target).findOne({ _id: String(projectId) }), event.data.deletedAt);
      await projects(target).deleteOne({ _id: String(projectId) });
      await columns(target).deleteMany({ project_id: projectId });
      await cards(target).deleteMany({ project_id: projectId });
      await collaborators(target).deleteMany({ project_id: projectId });
      return;
    }
    case 'ProjectCollaboratorSet': {
      const { projectId, userId, permission } = event.data;
      const _id = `${projectId}:${userId}`;
      await collaborators(target).replaceOne({ _id }, { _id, project_id: projectId, user_id: userId, permission }, { upsert: true });
      return;
    }
    case 'ProjectCollaboratorRemoved':
      await collaborators(target).deleteOne({ _id: `${event.data.projectId}:${event.data.userId}` });
      return;
    case 'ProjectColumnCreated': {
      const { projectId, columnId, name, createdAt } = event.data;
      const document: ProjectColumnDocument = {
        _id: String(columnId),
        id: columnId,
        project_id: projectId,
        name,
        card_ids: [],
        archived_card_ids: [],
        gone_card_ids: [],
        created_at: createdAt,
        updated_at: createdAt,
      };
      await columns(target).replaceOne({ _id: document._id }, document, { upsert: true });
      await target
        .collection(PROJECT_COLUMN_HOMES_COLLECTION)
        .replaceOne({ _id: document._id }, { _id: document._id, project_id: projectId }, { upsert: true });
      await reorderColumns(target, projectId, (ids) => [...ids.filter((id) => id !== columnId), columnId]);
      return;
    }
    case 'ProjectColumnRenamed':
      await columns(target).updateOne({ _id: String(event.data.columnId) }, { $set: { name: event.data.name, updated_at: event.data.renamedAt } });
      return;
    case 'ProjectColumnMoved': {
      const { projectId, columnId, afterColumnId } = event.data;
      await reorderColumns(target, projectId, (ids) => insertAfter(ids, columnId, afterColumnId));
      return;
    }
    case 'ProjectColumnDeleted': {
      const { projectId, columnId } = event.data;
      await keepDeletedCopy(target, 'project_column', await columns(target).findOne({ _id: String(columnId) }), event.data.deletedAt);
      await columns(target).deleteOne({ _id: String(columnId) });
      await cards(target).deleteMany({ column_id: columnId });
      await reorderColumns(target, projectId, (ids) => ids.filter((id) => id !== columnId));
      return;
    }
    case 'ProjectCardCreated': {
      const { projectId, columnId, cardId, note, content, creatorId, createdAt } = event.data;
      const document: ProjectCardDocument = {
        _id: String(cardId),
        id: cardId,
        project_id: projectId,
        column_id: columnId,
        note,
        archived: false,
        content,
        creator_id: creatorId,
        created_at: createdAt,
        updated_at: createdAt,
      };
      await cards(target).replaceOne({ _id: document._id }, document, { upsert: true });
      await reorderCards(target, columnId, (ids) => insertAfter(ids, cardId, null));
      return;
    }
    case 'ProjectCardUpdated': {
      const { cardId, changes } = event.data;
      if (changes.archived !== undefined) {
        const card = await cards(target).findOne({ _id: String(cardId) });
        if (card) await markArchived(target, card.column_id, cardId, changes.archived);
      }
      await cards(target).updateOne({ _id: String(cardId) }, { $set: { ...changes, updated_at: event.data.updatedAt } });
      return;
    }
    case 'ProjectCardMoved': {
      const { cardId, fromColumnId, toColumnId, afterCardId, movedAt } = event.data;
      const card = await cards(target).findOne({ _id: String(cardId) });
      // A card gone since (applied again after its repository's deletion) stays where its
      // deletion found it: the stream's last word on its place.
      if (!card) return;
      if (fromColumnId !== toColumnId) {
        await reorderCards(target, fromColumnId, (ids) => ids.filter((id) => id !== cardId));
        if (card.archived) {
          await markArchived(target, fromColumnId, cardId, false);
          await markArchived(target, toColumnId, cardId, true);
        }
      }
      await reorderCards(target, toColumnId, (ids) => insertAfter(ids, cardId, afterCardId));
      await cards(target).updateOne({ _id: String(cardId) }, { $set: { column_id: toColumnId, updated_at: movedAt } });
      return;
    }
    case 'ProjectCardDeleted':
      await keepDeletedCopy(target, 'project_card', await cards(target).findOne({ _id: String(event.data.cardId) }), event.data.deletedAt);
      await cards(target).deleteOne({ _id: String(event.data.cardId) });
      await reorderCards(target, event.data.columnId, (ids) => ids.filter((id) => id !== event.data.cardId));
      await markArchived(target, event.data.columnId, event.data.cardId, false);
      return;
  }
}

// A deleted repository takes its projects with it, and the cards of its issues and pull
// requests leave every board they were on, as on GitHub (the projects' streams keep their history).
// Such a card keeps its place in its column's order, marked gone (readModel: gone_card_ids),
// because the board's stream still places cards after it.
async function repositoryDeleted(repositoryId: number, target: ProjectionTarget): Promise<void> {
  for (const card of await cards(target).find({ 'content.repositoryId': repositoryId })) {
    if (card.archived) await markArchived(target, card.column_id, card.id, false);
    await markGone(target, card.column_id, card.id);
    await cards(target).deleteOne({ _id: card._id });
  }
  for (const project of await projects(target).find({ owner_kind: 'repository', owner_id: repositoryId })) {
    await columns(target).deleteMany({ project_id: project.id });
    await cards(target).deleteMany({ project_id: project.id });
    await collaborators(target).deleteMany({ project_id: project.id });
    await projects(target).deleteOne({ _id: project._id });
  }
}

// Projects, their columns (each holding its cards' order), cards and collaborators.
export const projectsProjection: Projection = {
  name: 'projects',
  // 2: copies of deleted projects, columns and cards; 3: columns list their archived cards;
  // 4: cards gone with their repository keep their place in the column's order
  version: 4,
  collections: [
    {
      name: PROJECTS_COLLECTION,
      indexes: [
        { name: 'owner', keys: { owner_kind: 1, owner_id: 1, number: 1 } },
        // An owner's projects by state, visibility and organization permission, in number
        // order: the runs a list reads to the end of its page, and counts (projectLists.query.ts).
        {
          name: 'owner_state_visibility',
          keys: { owner_kind: 1, owner_id: 1, state: 1, private: 1, organization_permission: 1, number: 1, id: 1 },
        },
      ],
    },
    { name: PROJECT_COLUMNS_COLLECTION, indexes: [{ name: 'project_id', keys: { project_id: 1 } }] },
    {
      name: PROJECT_CARDS_COLLECTION,
      indexes: [
        { name: 'project_id', keys: { project_id: 1 } },
        { name: 'column_id', keys: { column_id: 1 } },
        { name: 'content_repository', keys: { 'content.repositoryId': 1 } },
      ],
    },
    {
      name: PROJECT_COLLABORATORS_COLLECTION,
      indexes: [
        { name: 'project_id', keys: { project_id: 1 } },
        // A caller's collaborations, for lists.
        { name: 'user_id', keys: { user_id: 1 } },
        // GET /projects/{id}/collaborators?affiliation=direct (and a user's project): a page
        // of the project's grants in user id order, and their count, from the index.
        { name: 'project_user_permission', keys: { project_id: 1, user_id: 1, permission: 1 } },
      ],
    },
    { name: PROJECT_COLUMN_HOMES_COLLECTION },
    deletedCopiesCollection(DELETED_COPIES_COLLECTIONS.project),
    { name: PROJECT_OWNERS_COLLECTION, indexes: [{ name: 'owner', keys: { owner_kind: 1, owner_id: 1 } }] },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: new Set([...PROJECT_EVENT_TYPES, 'RepositoryDeleted']),
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    if (PROJECT_EVENT_TYPES.has(event.type)) await applyProjectEvent({ type: event.type, data: event.data } as ProjectEvent, target);
    if (event.type === 'RepositoryDeleted') await repositoryDeleted((event.data as RepositoryDeleted['data']).repositoryId, target);
  },
};
