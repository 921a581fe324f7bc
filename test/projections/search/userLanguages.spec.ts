import { expect } from 'chai';
import { REPOSITORIES_COLLECTION } from '../../../application/repositories/repositories.readModel.js';
import { liveTarget } from '../../../application/shared/projections/projectionTargets.js';
import type { StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';
import {
  USER_COUNTED_REPOSITORIES_COLLECTION,
  USER_LANGUAGES_COLLECTION,
  USER_REPOSITORY_LANGUAGES_COLLECTION,
  userLanguagesOnEvent,
} from '../../../projections/search/userLanguages.js';
import type { ProjectionDependencies } from '../../../projections/shared/projectionDependencies.js';
import { dumpCollections, repositoryCreatedEvent, repositoryDeletedEvent, repositoryVisibilityEvent, storedEvent } from '../../support/projectionSpec.js';

const at = '2026-11-22T10:00:00.000Z';
const created = (repositoryId: number, ownerId: number, isPrivate: boolean) => repositoryCreatedEvent(repositoryId, ownerId, { isPrivate });
const visibility = repositoryVisibilityEvent;
const transferred = (repositoryId: number, fromOwnerId: number, toOwnerId: number) =>
  storedEvent(`repository-${repositoryId}`, 2, 'RepositoryTransferred', {
    repositoryId,
    fromOwnerId,
    fromName: `r${repositoryId}`,
    toOwnerId,
    toOwnerType: 'User',
    toName: `r${repositoryId}`,
    transferredAt: at,
  });
const deleted = repositoryDeletedEvent;

// Each repository's main language (what pushes left in the lane's own reading of them).
const LANGUAGES: Record<number, string> = { 1: 'Python', 2: 'Ruby', 3: 'Ruby', 4: 'Python' };

const history = [
  created(1, 7, false),
  created(2, 7, false),
  created(3, 7, true),
  visibility(3, false),
  visibility(1, true),
  transferred(2, 7, 8),
  created(4, 8, false),
  deleted(3, 7),
];

// The store as a replay meets it: the repositories model (read-your-writes, another lane) is
// already at the end of the log, and the languages read from git are there.
async function storeAhead(): Promise<EmbeddedReadModelStore> {
  const store = new EmbeddedReadModelStore();
  const final = [
    { _id: '1', id: 1, owner_id: 7, private: true, default_branch: 'main' },
    { _id: '2', id: 2, owner_id: 8, private: false, default_branch: 'main' },
    { _id: '4', id: 4, owner_id: 8, private: false, default_branch: 'main' },
  ];
  for (const repository of final) await store.collection(REPOSITORIES_COLLECTION).insertOne(repository);
  for (const [id, language] of Object.entries(LANGUAGES))
    await store.collection(USER_REPOSITORY_LANGUAGES_COLLECTION).insertOne({ _id: id, repository_id: Number(id), commit: 'c', bytes: { [language]: 100 } });
  return store;
}

const noGit = {} as ProjectionDependencies;
const search = new EmbeddedSearchIndex();
const apply = async (store: EmbeddedReadModelStore, events: readonly StoredEvent[]) => {
  for (const event of events) await userLanguagesOnEvent(noGit, event, liveTarget(store, search, event.position));
};
const languagesOf = async (store: EmbeddedReadModelStore) =>
  Object.fromEntries(
    (await store.collection<{ _id: string; language: string; repositories: Record<string, number> }>(USER_LANGUAGES_COLLECTION).find({})).map((owner) => [
      owner._id,
      { language: owner.language, repositories: owner.repositories },
    ]),
  );
// The counts and the records, positions left out (a replay rewrites them).
const kept = async (store: EmbeddedReadModelStore) => {
  const dump = await dumpCollections(store);
  return { counts: dump[USER_LANGUAGES_COLLECTION], records: dump[USER_COUNTED_REPOSITORIES_COLLECTION] };
};

describe("search: an account's language, kept by counts", () => {
  it('follows visibility, transfer and deletion as the events had them, whatever the repositories model holds now', async () => {
    const midway = await storeAhead();
    await apply(midway, history.slice(0, 4));
    // r1 Python, r2 and r3 Ruby, all public and account 7's at the fourth event.
    expect(await languagesOf(midway)).to.deep.equal({ '7': { language: 'Ruby', repositories: { Python: 1, Ruby: 2 } } });
    const store = await storeAhead();
    await apply(store, history);
    expect(await languagesOf(store)).to.deep.equal({
      '7': { language: '', repositories: {} },
      // A tie goes to the first name.
      '8': { language: 'Python', repositories: { Ruby: 1, Python: 1 } },
    });
  });

  it('a replay from any earlier event (a restart before the checkpoint) moves no count', async () => {
    const store = await storeAhead();
    await apply(store, history);
    const expected = await kept(store);
    for (let from = 0; from < history.length; from++) {
      await apply(store, history.slice(from));
      expect(await kept(store), `replayed from ${from}`).to.deep.equal(expected);
    }
    // And from a point part of the way: each prefix applied, then the log from any earlier event.
    for (let upTo = 1; upTo <= history.length; upTo++)
      for (let from = 0; from < upTo; from++) {
        const partial = await storeAhead();
        await apply(partial, history.slice(0, upTo));
        await apply(partial, history.slice(from));
        expect(await kept(partial), `up to ${upTo}, replayed from ${from}`).to.deep.equal(expected);
      }
  });
});
