import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexSettings, SearchQuery } from '../../../application/shared/ports/searchIndex.port.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';
import { SearchIndexSnapshotError } from '../../../infrastructure/shared/search/searchIndexSnapshot.js';
import { describeSearchIndexContract } from './searchIndex.contract.js';

describeSearchIndexContract('EmbeddedSearchIndex', async () => {
  const index = new EmbeddedSearchIndex();
  return { index, cleanup: () => index.close() };
});

const REPOSITORY_SETTINGS: IndexSettings = {
  primaryKey: 'id',
  searchableAttributes: ['name', 'description', 'owner.login'],
  filterableAttributes: ['owner', 'topics', 'stars'],
  sortableAttributes: ['stars'],
};

const REPOSITORIES = [
  { id: 1, name: 'forgelog', description: 'Event-sourced forge', owner: { login: 'octo' }, topics: ['git', 'cqrs'], stars: 40 },
  { id: 2, name: 'forge-tools', description: 'Tools for forges', owner: { login: 'hubot' }, topics: ['git'], stars: 12 },
  { id: 3, name: 'eventlog', description: 'An append-only log', owner: { login: 'octo' }, topics: [], stars: 99 },
];

const QUERIES: readonly SearchQuery[] = [
  { q: 'forg', withMatchPositions: true },
  { q: '', sort: [{ field: 'stars', direction: 'desc' }] },
  { q: 'octo', filter: { field: 'topics', op: '=', value: 'git' }, withMatchPositions: true },
];

async function seeded(): Promise<EmbeddedSearchIndex> {
  const index = new EmbeddedSearchIndex();
  await index.ensureIndex('repositories', REPOSITORY_SETTINGS);
  await index.upsert('repositories', REPOSITORIES);
  await index.ensureIndex('empty', REPOSITORY_SETTINGS);
  return index;
}

describe('EmbeddedSearchIndex', function () {
  let directory: string;
  let path: string;

  beforeEach(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-search-'));
    path = join(directory, 'search.snapshot');
  });

  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  it('restores a snapshot with the same indexes, hits, scores and match positions', async function () {
    const original = await seeded();
    await original.snapshot(path);
    const restored = await EmbeddedSearchIndex.fromSnapshot(path);
    expect(await restored.listIndexes()).to.deep.equal(['empty', 'repositories']);
    for (const query of QUERIES) {
      expect(await restored.search('repositories', query)).to.deep.equal(await original.search('repositories', query));
    }
    expect(await readdir(directory)).to.deep.equal(['search.snapshot']);
  });

  it('captures one instant: writes made while a snapshot is being written stay out of it', async function () {
    const index = await seeded();
    const writing = index.snapshot(path);
    await index.upsert('repositories', [{ id: 4, name: 'latecomer', stars: 1 }]);
    await index.delete('repositories', [1]);
    await writing;
    const restored = await EmbeddedSearchIndex.fromSnapshot(path);
    expect((await restored.search('repositories', { q: '' })).hits.map((hit) => hit.document.id)).to.deep.equal([1, 2, 3]);
    expect(await restored.search('repositories', { q: 'forg' })).to.deep.equal(await (await seeded()).search('repositories', { q: 'forg' }));
  });

  it('keeps a restored index writable: replacing and deleting documents update keyword matches', async function () {
    await (await seeded()).snapshot(path);
    const restored = await EmbeddedSearchIndex.fromSnapshot(path);
    await restored.upsert('repositories', [{ ...REPOSITORIES[0]!, name: 'ledger', description: 'Renamed' }]);
    await restored.delete('repositories', [2]);
    const forges = await restored.search('repositories', { q: 'forge' });
    expect(forges.total).to.equal(0);
    expect((await restored.search('repositories', { q: 'ledger' })).hits.map((hit) => hit.document.id)).to.deep.equal([1]);
    expect(await restored.count('repositories')).to.equal(2);
  });

  it('replaces an earlier snapshot, leaving no temporary file behind', async function () {
    const index = await seeded();
    await index.snapshot(path);
    await index.dropIndex('empty');
    await index.delete('repositories', [3]);
    await index.snapshot(path);
    const restored = await EmbeddedSearchIndex.fromSnapshot(path);
    expect(await restored.listIndexes()).to.deep.equal(['repositories']);
    expect(await restored.count('repositories')).to.equal(2);
    expect(await readdir(directory)).to.deep.equal(['search.snapshot']);
  });

  it('starts empty when there is no snapshot yet', async function () {
    expect(await (await EmbeddedSearchIndex.fromSnapshot(path)).listIndexes()).to.deep.equal([]);
  });

  it('refuses a truncated or altered snapshot, so the caller rebuilds from the log', async function () {
    await (await seeded()).snapshot(path);
    const text = await readFile(path, 'utf8');
    for (const damaged of [text.slice(0, text.length - 20), text.replace('forgelog', 'forgeLOG')]) {
      await writeFile(path, damaged);
      let failure: unknown;
      await EmbeddedSearchIndex.fromSnapshot(path).catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(SearchIndexSnapshotError);
    }
  });

  it('reaches nested attributes by dotted paths and filters under a filterable parent', async function () {
    const index = await seeded();
    const result = await index.search('repositories', { q: 'octo', filter: { field: 'owner.login', op: '=', value: 'octo' }, withMatchPositions: true });
    expect(result.hits.map((hit) => [hit.document.id, hit.matches])).to.deep.equal([
      [1, { 'owner.login': [{ start: 0, length: 4 }] }],
      [3, { 'owner.login': [{ start: 0, length: 4 }] }],
    ]);
  });

  it('answers equalities on range attributes (no postings kept for them) as on the others', async function () {
    const index = new EmbeddedSearchIndex();
    const settings = { ...REPOSITORY_SETTINGS, rangeAttributes: ['stars'] };
    await index.ensureIndex('ranged', settings);
    await index.ensureIndex('plain', REPOSITORY_SETTINGS);
    for (const name of ['ranged', 'plain'])
      await index.upsert(name, [...REPOSITORIES, { id: 4, name: 'twin', description: '', owner: { login: 'octo' }, topics: [], stars: 12 }]);
    const ids = async (name: string, filter: SearchQuery['filter']) =>
      (await index.search(name, { q: '', filter, sort: [{ field: 'stars', direction: 'desc' }] })).hits.map((hit) => hit.document.id);
    for (const filter of [
      { field: 'stars', op: '=', value: 12 },
      { field: 'stars', op: 'in', values: [40, 99] },
      {
        and: [
          { field: 'owner.login', op: '=', value: 'octo' },
          { field: 'stars', op: '=', value: 12 },
        ],
      },
      {
        or: [
          { field: 'stars', op: '=', value: 40 },
          { field: 'topics', op: '=', value: 'git' },
        ],
      },
    ] as SearchQuery['filter'][]) {
      expect(await ids('ranged', filter), JSON.stringify(filter)).to.deep.equal(await ids('plain', filter));
    }
    expect(await ids('ranged', { field: 'stars', op: '=', value: 12 })).to.have.members([2, 4]);
    await index.delete('ranged', [4]);
    expect(await ids('ranged', { field: 'stars', op: '=', value: 12 })).to.deep.equal([2]);
  });

  it('treats a separator after the last word as finishing it, as Meilisearch does', async function () {
    const index = await seeded();
    expect((await index.search('repositories', { q: 'forg' })).total).to.equal(2);
    expect((await index.search('repositories', { q: 'forg ' })).total).to.equal(0);
  });

  it('refuses a batch holding an invalid id without applying any of it', async function () {
    const index = await seeded();
    const batch = [
      { id: 4, name: 'fine' },
      { id: 'not valid!', name: 'bad' },
    ];
    let failure: unknown;
    await index.upsert('repositories', batch).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error);
    expect(await index.count('repositories')).to.equal(3);
  });

  it('refuses writes to an index that was never ensured', async function () {
    let failure: unknown;
    await new EmbeddedSearchIndex().upsert('missing', [{ id: 1 }]).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error);
  });
});
