import { inject, injectable } from 'inversify';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ProjectOwnerKind } from '../../domain/projects/project.events.js';
import {
  PROJECTS_COLLECTION,
  PROJECT_CARDS_COLLECTION,
  PROJECT_COLLABORATORS_COLLECTION,
  PROJECT_COLUMNS_COLLECTION,
  PROJECT_OWNERS_COLLECTION,
  PROJECT_COLUMN_HOMES_COLLECTION,
  type ProjectColumnHomeDocument,
  type ProjectCardDocument,
  type ProjectOwnerDocument,
  type ProjectCollaboratorDocument,
  type ProjectColumnDocument,
  type ProjectDocument,
} from './projects.readModel.js';

export type ProjectStateFilter = 'open' | 'closed' | 'all';

export type ArchivedStateFilter = 'archived' | 'not_archived' | 'all';

// The ids a column's card list shows, top to bottom: its cards but those whose content is
// gone, archived or not or both. Shared by the present-day list and the as_of one, so a past
// column lists what the same request listed then.
export function listedCardIds(column: Pick<ProjectColumnDocument, 'card_ids' | 'archived_card_ids' | 'gone_card_ids'>, state: ArchivedStateFilter): number[] {
  const archived = new Set(column.archived_card_ids);
  const gone = new Set(column.gone_card_ids);
  const present = column.card_ids.filter((id) => !gone.has(id));
  return state === 'all' ? present : present.filter((id) => archived.has(id) === (state === 'archived'));
}

@injectable()
export class ProjectQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  project(id: number): Promise<ProjectDocument | null> {
    return this.store.collection<ProjectDocument>(PROJECTS_COLLECTION).findOne({ _id: String(id) });
  }

  column(id: number): Promise<ProjectColumnDocument | null> {
    return this.store.collection<ProjectColumnDocument>(PROJECT_COLUMNS_COLLECTION).findOne({ _id: String(id) });
  }

  card(id: number): Promise<ProjectCardDocument | null> {
    return this.store.collection<ProjectCardDocument>(PROJECT_CARDS_COLLECTION).findOne({ _id: String(id) });
  }

  async columnsByIds(ids: readonly number[]): Promise<ProjectColumnDocument[]> {
    const found = await this.store.collection<ProjectColumnDocument>(PROJECT_COLUMNS_COLLECTION).find({ _id: { $in: ids.map(String) } });
    const byId = new Map(found.map((column) => [column.id, column]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  // A page of a column's cards, top to bottom, archived or not or both: the page's cards are
  // loaded, the others are only ids in the column.
  async cardsOfColumn(
    column: ProjectColumnDocument,
    state: ArchivedStateFilter,
    { page, perPage }: { readonly page: number; readonly perPage: number },
  ): Promise<{ items: ProjectCardDocument[]; totalCount: number }> {
    const ids = listedCardIds(column, state);
    return { items: await this.cardsByIds(ids.slice((page - 1) * perPage, page * perPage)), totalCount: ids.length };
  }

  async cardsByIds(ids: readonly number[]): Promise<ProjectCardDocument[]> {
    const found = await this.store.collection<ProjectCardDocument>(PROJECT_CARDS_COLLECTION).find({ _id: { $in: ids.map(String) } });
    const byId = new Map(found.map((card) => [card.id, card]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  collaborator(projectId: number, userId: number): Promise<ProjectCollaboratorDocument | null> {
    return this.store.collection<ProjectCollaboratorDocument>(PROJECT_COLLABORATORS_COLLECTION).findOne({ _id: `${projectId}:${userId}` });
  }

  // A page of the project's grants in user id order, and how many there are.
  async collaboratorPage(
    projectId: number,
    { page, perPage }: { readonly page: number; readonly perPage: number },
  ): Promise<{ userIds: number[]; totalCount: number }> {
    const grants = this.store.collection<ProjectCollaboratorDocument>(PROJECT_COLLABORATORS_COLLECTION);
    const [items, totalCount] = await Promise.all([
      grants.find({ project_id: projectId }, { sort: { user_id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
      grants.count({ project_id: projectId }),
    ]);
    return { userIds: items.map((grant) => grant.user_id), totalCount };
  }

  collaborators(projectId: number): Promise<ProjectCollaboratorDocument[]> {
    return this.store.collection<ProjectCollaboratorDocument>(PROJECT_COLLABORATORS_COLLECTION).find({ project_id: projectId }, { sort: { user_id: 1 } });
  }

  // The project a column belongs or belonged to, a deleted column's too.
  async projectIdOfColumn(columnId: number): Promise<number | null> {
    const home = await this.store.collection<ProjectColumnHomeDocument>(PROJECT_COLUMN_HOMES_COLLECTION).findOne({ _id: String(columnId) });
    return home?.project_id ?? null;
  }

  // Deleted projects too (for audit logs).
  async everProjectIdsOf(ownerKind: ProjectOwnerKind, ownerId: number): Promise<number[]> {
    const owned = await this.store.collection<ProjectOwnerDocument>(PROJECT_OWNERS_COLLECTION).find({ owner_kind: ownerKind, owner_id: ownerId });
    return owned.map((owner) => owner.project_id).sort((a, b) => a - b);
  }
}
