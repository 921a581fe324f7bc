import { expect } from 'chai';
import { ProjectQueries } from '../../../application/projects/projectQueries.js';
import { PROJECT_COLUMNS_COLLECTION, type ProjectColumnDocument } from '../../../application/projects/projects.readModel.js';
import { liveTarget } from '../../../application/shared/projections/projectionTargets.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';
import { projectsProjection } from '../../../projections/projects/projects.projection.js';
import { projectCreatedData } from '../../support/eventData.js';
import { expectIdempotent, storedEvent } from '../../support/projectionSpec.js';

const at = '2026-11-22T10:00:00.000Z';
const project = storedEvent('project-1', 0, 'ProjectCreated', projectCreatedData(1, 9, at));
const column = (columnId: number, revision: number) =>
  storedEvent('project-1', revision, 'ProjectColumnCreated', { projectId: 1, columnId, name: `column ${columnId}`, createdAt: at });
const card = (cardId: number, columnId: number, revision: number, content: unknown = null) =>
  storedEvent('project-1', revision, 'ProjectCardCreated', {
    projectId: 1,
    columnId,
    cardId,
    note: content ? null : `card ${cardId}`,
    content,
    creatorId: 9,
    createdAt: at,
  });
const archived = (cardId: number, value: boolean, revision: number) =>
  storedEvent('project-1', revision, 'ProjectCardUpdated', {
    projectId: 1,
    cardId,
    changes: { archived: value },
    previous: { archived: !value },
    updatedAt: at,
  });
const moved = (cardId: number, fromColumnId: number, toColumnId: number, revision: number) =>
  storedEvent('project-1', revision, 'ProjectCardMoved', { projectId: 1, cardId, fromColumnId, toColumnId, afterCardId: null, movedAt: at });

describe('projects projection: columns list their archived cards', () => {
  it('archive, move archived, restore, delete: the same columns applied once or twice', async () => {
    const dump = await expectIdempotent(projectsProjection, [
      project,
      column(10, 1),
      column(11, 2),
      card(100, 10, 3),
      card(101, 10, 4),
      card(102, 10, 5),
      archived(100, true, 6),
      archived(101, true, 7),
      moved(100, 10, 11, 8),
      archived(101, false, 9),
      archived(102, true, 10),
      storedEvent('project-1', 11, 'ProjectCardDeleted', { projectId: 1, cardId: 102, columnId: 10, deletedAt: at }),
    ]);
    const columns = dump[PROJECT_COLUMNS_COLLECTION] as ProjectColumnDocument[];
    expect(columns.map(({ id, card_ids, archived_card_ids }) => ({ id, card_ids, archived_card_ids }))).to.deep.equal([
      { id: 10, card_ids: [101], archived_card_ids: [] },
      { id: 11, card_ids: [100], archived_card_ids: [100] },
    ]);
  });

  it('a move applied again after the card went with its repository leaves it where its deletion found it, unlisted', async () => {
    const store = new EmbeddedReadModelStore();
    const target = liveTarget(store, new EmbeddedSearchIndex());
    const issueCard = { type: 'Issue', id: 5, repositoryId: 77, number: 1 };
    const events = [
      project,
      column(10, 1),
      column(11, 2),
      card(100, 10, 3, issueCard),
      card(101, 11, 4),
      moved(100, 10, 11, 5),
      storedEvent('repository-77', 1, 'RepositoryDeleted', { repositoryId: 77, ownerId: 9, name: 'gone', deletedAt: at }),
    ];
    for (const event of events) await projectsProjection.apply(event, target);
    // A restart from a checkpoint before the move applies the last two again.
    for (const event of events.slice(5)) await projectsProjection.apply(event, target);
    const doing = (await new ProjectQueries(store).column(11))!;
    // Still in the order the board's stream has (moves land after it), marked gone.
    expect(doing.card_ids).to.deep.equal([100, 101]);
    expect(doing.gone_card_ids).to.deep.equal([100]);
    expect((await new ProjectQueries(store).column(10))!.card_ids).to.deep.equal([]);
    const page = await new ProjectQueries(store).cardsOfColumn(doing, 'all', { page: 1, perPage: 1 });
    expect(page.items.map((found) => found.id)).to.deep.equal([101]);
    expect(page.totalCount).to.equal(1);
  });
});
