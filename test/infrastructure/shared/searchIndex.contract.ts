import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type {
  IndexSettings,
  SearchDocument,
  SearchFilter,
  SearchIndex,
  SearchQuery,
  SearchResult,
} from '../../../application/shared/ports/searchIndex.port.js';

export interface SearchIndexUnderTest {
  readonly index: SearchIndex;
  cleanup(): Promise<void>;
}

const ISSUE_SETTINGS: IndexSettings = {
  primaryKey: 'id',
  searchableAttributes: ['title', 'body'],
  filterableAttributes: ['state', 'labels', 'comments', 'author', 'milestone', 'locked'],
  sortableAttributes: ['comments', 'created', 'author'],
};

const ISSUES: readonly SearchDocument[] = [
  { id: 'doc-1', title: 'Parser crashes on empty input', body: 'The parser crashes when input is empty', state: 'open', labels: ['bug'], comments: 3, created: 100, author: 'alice', locked: false },
  { id: 'doc-2', title: 'Add streaming parser', body: 'A streaming mode for large inputs', state: 'closed', labels: ['enhancement'], comments: 10, created: 200, author: 'bob', locked: true },
  { id: 'doc-3', title: 'Crash in renderer', body: 'Renderer crashes with the new theme', state: 'open', labels: ['bug', 'ui'], comments: 3, created: 300, author: 'alice', milestone: 'v1', locked: false },
  { id: 'doc-4', title: 'Documentation typo', body: 'Fix a typo in the parsing guide', state: 'closed', labels: [], comments: 0, created: 400, author: 'carol', locked: false },
  { id: 'doc-5', title: 'Parsing performance', body: 'Parse large files faster', state: 'open', labels: ['enhancement', 'performance'], comments: 7, created: 500, author: 'bob', milestone: 'v2', locked: false },
];

const ALL = ['doc-1', 'doc-2', 'doc-3', 'doc-4', 'doc-5'];

const FILTER_CASES: readonly [string, SearchFilter, readonly string[]][] = [
  ['= on a string, case-insensitively', { field: 'state', op: '=', value: 'OPEN' }, ['doc-1', 'doc-3', 'doc-5']],
  ['= on a number', { field: 'comments', op: '=', value: 3 }, ['doc-1', 'doc-3']],
  ['= on a boolean', { field: 'locked', op: '=', value: true }, ['doc-2']],
  ['= on any element of an array', { field: 'labels', op: '=', value: 'bug' }, ['doc-1', 'doc-3']],
  ['!=', { field: 'state', op: '!=', value: 'open' }, ['doc-2', 'doc-4']],
  ['!= keeping documents without the attribute', { field: 'milestone', op: '!=', value: 'v1' }, ['doc-1', 'doc-2', 'doc-4', 'doc-5']],
  ['!= dropping arrays that hold the value', { field: 'labels', op: '!=', value: 'bug' }, ['doc-2', 'doc-4', 'doc-5']],
  ['>', { field: 'comments', op: '>', value: 3 }, ['doc-2', 'doc-5']],
  ['>=', { field: 'comments', op: '>=', value: 3 }, ['doc-1', 'doc-2', 'doc-3', 'doc-5']],
  ['<', { field: 'comments', op: '<', value: 3 }, ['doc-4']],
  ['<=', { field: 'comments', op: '<=', value: 3 }, ['doc-1', 'doc-3', 'doc-4']],
  ['in', { field: 'author', op: 'in', values: ['alice', 'carol'] }, ['doc-1', 'doc-3', 'doc-4']],
  ['in on array elements', { field: 'labels', op: 'in', values: ['ui', 'performance'] }, ['doc-3', 'doc-5']],
  ['in with no values', { field: 'author', op: 'in', values: [] }, []],
  ['exists', { field: 'milestone', op: 'exists' }, ['doc-3', 'doc-5']],
  ['exists on an empty array', { field: 'labels', op: 'exists' }, ALL],
  ['and', { and: [{ field: 'state', op: '=', value: 'open' }, { field: 'comments', op: '>=', value: 5 }] }, ['doc-5']],
  ['or', { or: [{ field: 'author', op: '=', value: 'carol' }, { field: 'comments', op: '>=', value: 10 }] }, ['doc-2', 'doc-4']],
  ['not', { not: { field: 'state', op: '=', value: 'open' } }, ['doc-2', 'doc-4']],
  ['not exists', { not: { field: 'milestone', op: 'exists' } }, ['doc-1', 'doc-2', 'doc-4']],
  [
    'nested combinators',
    { and: [{ or: [{ field: 'author', op: '=', value: 'alice' }, { field: 'author', op: '=', value: 'bob' }] }, { not: { field: 'labels', op: 'in', values: ['bug'] } }] },
    ['doc-2', 'doc-5'],
  ],
  ['an empty and', { and: [] }, ALL],
  ['an empty or', { or: [] }, []],
];

function idsOf(result: SearchResult<SearchDocument>): unknown[] {
  return result.hits.map((hit) => hit.document.id);
}

async function rejectionOf(operation: Promise<unknown>): Promise<unknown> {
  try {
    await operation;
  } catch (error) {
    return error;
  }
  return undefined;
}

export function describeSearchIndexContract(name: string, factory: () => Promise<SearchIndexUnderTest>): void {
  describe(`SearchIndex contract: ${name}`, function () {
    let subject: SearchIndexUnderTest;
    let created: string[];
    let index: SearchIndex;

    beforeEach(async function () {
      subject = await factory();
      index = subject.index;
      created = [];
    });

    afterEach(async function () {
      for (const indexName of created) await index.dropIndex(indexName);
      await subject.cleanup();
    });

    // Random names, so the suite can share a real server with other runs.
    function freshName(label: string): string {
      const indexName = `contract-${label}-${randomBytes(6).toString('hex')}`;
      created.push(indexName);
      return indexName;
    }

    async function seededIssues(): Promise<string> {
      const indexName = freshName('issues');
      await index.ensureIndex(indexName, ISSUE_SETTINGS);
      await index.upsert(indexName, ISSUES);
      return indexName;
    }

    function search(indexName: string, query: Partial<SearchQuery>): Promise<SearchResult<SearchDocument>> {
      return index.search(indexName, { q: '', limit: 50, ...query });
    }

    describe('indexes', function () {
      it('ensureIndex is idempotent, and keeps documents when settings change', async function () {
        const issues = await seededIssues();
        await index.ensureIndex(issues, ISSUE_SETTINGS);
        expect((await index.listIndexes()).filter((listed) => listed === issues)).to.deep.equal([issues]);
        expect(await index.count(issues)).to.equal(5);
        await index.ensureIndex(issues, { ...ISSUE_SETTINGS, searchableAttributes: ['title', 'body', 'author'] });
        expect(await index.count(issues)).to.equal(5);
        expect(idsOf(await search(issues, { q: 'carol' }))).to.deep.equal(['doc-4']);
      });

      it('lists every index, and forgets a dropped one', async function () {
        const [first, second] = [freshName('list'), freshName('list')];
        await index.ensureIndex(first, ISSUE_SETTINGS);
        await index.ensureIndex(second, ISSUE_SETTINGS);
        expect(await index.listIndexes()).to.include.members([first, second]);
        await index.dropIndex(first);
        const listed = await index.listIndexes();
        expect(listed).to.include(second);
        expect(listed).not.to.include(first);
        await index.dropIndex(first);
        expect(await rejectionOf(index.search(first, { q: '' }))).to.be.instanceOf(Error);
      });

      it('counts documents', async function () {
        const empty = freshName('empty');
        await index.ensureIndex(empty, ISSUE_SETTINGS);
        expect(await index.count(empty)).to.equal(0);
        expect(await index.count(await seededIssues())).to.equal(5);
      });

      it('swaps the contents and settings of two indexes', async function () {
        const issues = await seededIssues();
        const users = freshName('users');
        await index.ensureIndex(users, { primaryKey: 'login', searchableAttributes: ['name'], filterableAttributes: ['kind'], sortableAttributes: ['followers'] });
        await index.upsert(users, [
          { login: 'alice', name: 'Alice Liddell', kind: 'user', followers: 5 },
          { login: 'acme', name: 'Acme Corp', kind: 'organization', followers: 50 },
        ]);
        await index.swapIndexes(issues, users);
        expect([await index.count(issues), await index.count(users)]).to.deep.equal([2, 5]);
        expect(idsOf(await search(users, { q: 'parser' }))).to.have.members(['doc-1', 'doc-2']);
        const organizations = await search(issues, { filter: { field: 'kind', op: '=', value: 'organization' } });
        expect(organizations.hits.map((hit) => hit.document.login)).to.deep.equal(['acme']);
        const alice = await search(issues, { q: 'alice', withMatchPositions: true });
        expect(alice.hits.map((hit) => [hit.document.login, hit.matches])).to.deep.equal([['alice', { name: [{ start: 0, length: 5 }] }]]);
        expect(await rejectionOf(search(issues, { filter: { field: 'state', op: '=', value: 'open' } }))).to.be.instanceOf(Error);
      });
    });

    describe('documents', function () {
      it('stores documents as given and returns every one for an empty query, by primary key', async function () {
        const result = await search(await seededIssues(), { q: '' });
        expect(result.total).to.equal(5);
        expect(result.hits.map((hit) => hit.document)).to.deep.equal(ISSUES);
        for (const hit of result.hits) expect(hit.score).to.be.a('number');
      });

      it('upsert replaces a document with the same primary key', async function () {
        const issues = await seededIssues();
        const replacement = { ...ISSUES[0]!, title: 'Lexer hangs forever', body: 'Nothing else', state: 'closed' };
        await index.upsert(issues, [replacement]);
        expect(await index.count(issues)).to.equal(5);
        expect((await search(issues, { q: 'parser crash' })).total).to.equal(0);
        expect((await search(issues, { q: 'lexer' })).hits.map((hit) => hit.document)).to.deep.equal([replacement]);
        expect(idsOf(await search(issues, { filter: { field: 'state', op: '=', value: 'closed' } }))).to.deep.equal(['doc-1', 'doc-2', 'doc-4']);
      });

      it('deletes by primary key, ignoring unknown ones, with string or numeric keys', async function () {
        const issues = await seededIssues();
        await index.delete(issues, ['doc-2', 'doc-404']);
        expect(await index.count(issues)).to.equal(4);
        expect((await search(issues, { q: 'streaming' })).total).to.equal(0);
        const numbered = freshName('numbered');
        await index.ensureIndex(numbered, { ...ISSUE_SETTINGS, searchableAttributes: ['title'] });
        await index.upsert(numbered, [{ id: 1, title: 'one' }, { id: 2, title: 'two' }]);
        await index.delete(numbered, [1]);
        expect((await search(numbered, {})).hits.map((hit) => hit.document)).to.deep.equal([{ id: 2, title: 'two' }]);
      });
    });

    describe('keywords', function () {
      const cases: readonly [string, string, readonly string[]][] = [
        ['a single term, as a prefix', 'parser', ['doc-1', 'doc-2']],
        ['every term (AND)', 'parser crashes', ['doc-1']],
        ['terms across attributes', 'renderer theme', ['doc-3']],
        ['the last term as a prefix', 'pars', ['doc-1', 'doc-2', 'doc-4', 'doc-5']],
        ['a prefix of the last term only', 'pars crash', []],
        ['terms case-insensitively', 'PARSER CRASHES', ['doc-1']],
        ['nothing for an unknown term', 'kubernetes', []],
      ];
      for (const [title, q, expected] of cases) {
        it(`matches ${title}: "${q}"`, async function () {
          const result = await search(await seededIssues(), { q });
          expect(idsOf(result)).to.have.members([...expected]);
          expect(result.total).to.equal(expected.length);
        });
      }

      it('scores better matches higher and returns them first', async function () {
        const result = await search(await seededIssues(), { q: 'crash' });
        expect(idsOf(result)).to.deep.equal(['doc-3', 'doc-1']);
        expect(result.hits[0]!.score).to.be.greaterThan(result.hits[1]!.score);
      });
    });

    describe('filters', function () {
      for (const [title, filter, expected] of FILTER_CASES) {
        it(`filters with ${title}`, async function () {
          const result = await search(await seededIssues(), { filter });
          expect(idsOf(result)).to.deep.equal([...expected]);
          expect(result.total).to.equal(expected.length);
        });
      }

      it('filters keyword matches', async function () {
        const result = await search(await seededIssues(), { q: 'pars', filter: { field: 'state', op: '=', value: 'open' } });
        expect(idsOf(result)).to.have.members(['doc-1', 'doc-5']);
      });

      it('rejects a filter on an attribute that is not filterable', async function () {
        const filter: SearchFilter = { field: 'title', op: '=', value: 'Documentation typo' };
        expect(await rejectionOf(search(await seededIssues(), { filter }))).to.be.instanceOf(Error);
      });
    });

    describe('sorting and paging', function () {
      const cases: readonly [string, SearchQuery['sort'], readonly string[]][] = [
        ['ascending, ties by primary key', [{ field: 'comments', direction: 'asc' }], ['doc-4', 'doc-1', 'doc-3', 'doc-5', 'doc-2']],
        ['descending, ties still by primary key', [{ field: 'comments', direction: 'desc' }], ['doc-2', 'doc-5', 'doc-1', 'doc-3', 'doc-4']],
        ['on strings', [{ field: 'author', direction: 'desc' }], ['doc-4', 'doc-2', 'doc-5', 'doc-1', 'doc-3']],
        ['on several attributes', [{ field: 'author', direction: 'asc' }, { field: 'created', direction: 'desc' }], ['doc-3', 'doc-1', 'doc-5', 'doc-2', 'doc-4']],
      ];
      for (const [title, sort, expected] of cases) {
        it(`sorts ${title}`, async function () {
          expect(idsOf(await search(await seededIssues(), { sort }))).to.deep.equal([...expected]);
        });
      }

      it('sorts keyword matches by the sort, not by score', async function () {
        const result = await search(await seededIssues(), { q: 'pars', sort: [{ field: 'created', direction: 'desc' }] });
        expect(idsOf(result)).to.deep.equal(['doc-5', 'doc-4', 'doc-2', 'doc-1']);
      });

      it('rejects a sort on an attribute that is not sortable', async function () {
        expect(await rejectionOf(search(await seededIssues(), { sort: [{ field: 'title', direction: 'asc' }] }))).to.be.instanceOf(Error);
      });

      it('pages with offset and limit, always reporting the total', async function () {
        const issues = await seededIssues();
        const windows: readonly [number, number, readonly string[]][] = [
          [0, 2, ['doc-1', 'doc-2']],
          [2, 2, ['doc-3', 'doc-4']],
          [4, 2, ['doc-5']],
          [1, 3, ['doc-2', 'doc-3', 'doc-4']],
          [3, 1, ['doc-4']],
          [5, 2, []],
          [2, 0, []],
        ];
        for (const [offset, limit, expected] of windows) {
          const result = await search(issues, { offset, limit, sort: [{ field: 'created', direction: 'asc' }] });
          expect([offset, limit, idsOf(result), result.total]).to.deep.equal([offset, limit, expected, 5]);
        }
        const filtered = await search(issues, { limit: 1, filter: { field: 'state', op: '=', value: 'open' } });
        expect([idsOf(filtered), filtered.total]).to.deep.equal([['doc-1'], 3]);
      });

      it('keeps keyword results in one stable order across pages', async function () {
        const issues = await seededIssues();
        const whole = idsOf(await search(issues, { q: 'pars' }));
        const paged: unknown[] = [];
        for (let offset = 0; offset < whole.length; offset += 1) paged.push(...idsOf(await search(issues, { q: 'pars', offset, limit: 1 })));
        expect(paged).to.deep.equal(whole);
      });
    });

    describe('match positions', function () {
      it('gives the offsets of every matched word, and only the typed part of a prefix', async function () {
        const result = await search(await seededIssues(), { q: 'parser crash', withMatchPositions: true });
        expect(result.hits.map((hit) => [hit.document.id, hit.matches])).to.deep.equal([
          ['doc-1', { title: [{ start: 0, length: 6 }, { start: 7, length: 5 }], body: [{ start: 4, length: 6 }, { start: 11, length: 5 }] }],
        ]);
      });

      it('leaves matches out unless asked', async function () {
        const result = await search(await seededIssues(), { q: 'parser crash' });
        expect(result.hits[0]!.matches).to.equal(undefined);
      });

      it('counts offsets in JavaScript string units past accented letters and emoji', async function () {
        const notes = freshName('notes');
        await index.ensureIndex(notes, { ...ISSUE_SETTINGS, searchableAttributes: ['title', 'body'] });
        await index.upsert(notes, [{ id: 'note', title: 'Über 🚀 parser', body: 'naïve PARSER' }]);
        const result = await search(notes, { q: 'parser', withMatchPositions: true });
        expect(result.hits[0]!.matches).to.deep.equal({ title: [{ start: 8, length: 6 }], body: [{ start: 6, length: 6 }] });
      });
    });
  });
}
