import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { SearchDocument, SearchFilter, SearchIndex, SearchQuery, SearchResult } from '../../../application/shared/ports/searchIndex.port.js';
import { FIELD_CASES, FILTER_CASES, ISSUE_SETTINGS, ISSUES, KEYWORD_CASES, PAGE_WINDOWS, SORT_CASES } from './searchIndexContract.fixtures.js';

export interface SearchIndexUnderTest {
  readonly index: SearchIndex;
  cleanup(): Promise<void>;
}

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
        await index.ensureIndex(users, {
          primaryKey: 'login',
          searchableAttributes: ['name'],
          filterableAttributes: ['kind'],
          sortableAttributes: ['followers'],
        });
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
        await index.upsert(numbered, [
          { id: 1, title: 'one' },
          { id: 2, title: 'two' },
        ]);
        await index.delete(numbered, [1]);
        expect((await search(numbered, {})).hits.map((hit) => hit.document)).to.deep.equal([{ id: 2, title: 'two' }]);
      });
    });

    describe('keywords', function () {
      for (const [title, q, expected] of KEYWORD_CASES) {
        it(`matches ${title}: "${q}"`, async function () {
          const result = await search(await seededIssues(), { q });
          expect(idsOf(result)).to.have.members([...expected]);
          expect(result.total).to.equal(expected.length);
        });
      }

      for (const [title, q, fields, expected] of FIELD_CASES) {
        it(`looks in ${title}: "${q}"`, async function () {
          const result = await search(await seededIssues(), { q, fields });
          expect(idsOf(result)).to.have.members([...expected]);
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
      for (const [title, sort, expected] of SORT_CASES) {
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
        for (const [offset, limit, expected] of PAGE_WINDOWS) {
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
          [
            'doc-1',
            {
              title: [
                { start: 0, length: 6 },
                { start: 7, length: 5 },
              ],
              body: [
                { start: 4, length: 6 },
                { start: 11, length: 5 },
              ],
            },
          ],
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
