import { expect } from 'chai';
import { seededRandom } from '../../support/seededRandom.js';
import type { SearchDocument, SearchFilter } from '../../../application/shared/ports/searchIndex.port.js';
import { DenseKeys } from '../../../infrastructure/shared/search/denseKeys.js';
import { EmbeddedIndex } from '../../../infrastructure/shared/search/embeddedIndex.js';
import { EqualityPostings } from '../../../infrastructure/shared/search/equalityPostings.js';
import { matchesFilter } from '../../../infrastructure/shared/search/searchFilter.evaluate.js';

const random = seededRandom(20261126);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

// Values from common to rare, so postings are single keys, Sets and bits (DenseKeys), and
// change kind as documents come and go.
function randomDocument(id: string): SearchDocument {
  return {
    id,
    state: random() < 0.8 ? 'open' : 'closed',
    repository_id: random() < 0.5 ? 1 : Math.floor(random() * 40),
    public: random() < 0.95,
    labels: random() < 0.3 ? [pick(['bug', 'Bug ', 'docs'])] : [],
  };
}

function randomFilter(depth = 0): SearchFilter {
  const kind = random();
  // Equalities on common values (held as bits) are frequent, so bits are combined too.
  if (depth < 2 && kind < 0.2) return { and: [randomFilter(depth + 1), randomFilter(depth + 1)] };
  if (depth < 2 && kind < 0.3) return { or: [randomFilter(depth + 1), randomFilter(depth + 1)] };
  const field = pick(['state', 'repository_id', 'public', 'labels']);
  const value = pick<string | number | boolean>(['open', 'closed', 1, 2, 7, '1', true, false, 'bug', 'docs', 'none']);
  return kind < 0.8 ? { field, op: '=', value } : { field, op: 'in', values: [value, pick([1, 'open', 'bug'])] };
}

// The postings against the filter evaluated on each document: candidates are a superset of
// the matches, and the exact test (when given) agrees with the evaluation on every document.
function expectAnswers(postings: EqualityPostings, documents: Map<string, SearchDocument>, filter: SearchFilter): void {
  const candidates = postings.candidates(filter);
  const exact = postings.exactTest(filter);
  const exactKeys = postings.exactKeys(filter);
  const wrong: string[] = [];
  for (const [key, document] of documents) {
    const matches = matchesFilter(document, filter);
    if ((matches && candidates !== null && !candidates.has(key)) || (exact !== null && exact(key) !== matches)) wrong.push(key);
    if (exactKeys !== null && exactKeys.has(key) !== matches) wrong.push(key);
  }
  expect(wrong, JSON.stringify(filter)).to.deep.equal([]);
  if (exactKeys !== null) {
    const listed = [...exactKeys];
    expect(listed.length).to.equal(exactKeys.size);
    expect(listed.filter((key) => !documents.has(key) || !matchesFilter(documents.get(key)!, filter))).to.deep.equal([]);
  }
  if (candidates !== null) {
    const listed = [...candidates];
    expect(new Set(listed).size).to.equal(listed.length);
    expect(listed.length).to.equal(candidates.size);
    expect(listed.filter((key) => !documents.has(key))).to.deep.equal([]);
  }
}

const OPEN: SearchFilter = { field: 'state', op: '=', value: 'open' };
const PUBLIC: SearchFilter = { field: 'public', op: '=', value: true };

describe('EqualityPostings: single keys, Sets and bits answer as the filter evaluated', () => {
  it('through 3,000 random upserts and removals, 1,000 random filters', () => {
    const documents = new Map<string, SearchDocument>();
    const postings = new EqualityPostings(['state', 'repository_id', 'public', 'labels'], () => documents);
    let sawBits = false;
    for (let step = 0; step < 3000; step++) {
      const key = String(Math.floor(random() * 2000));
      const existing = documents.get(key);
      if (existing !== undefined && random() < 0.4) {
        // Replaced in place, often keeping some of its values (those postings stay as they are).
        const document = { ...randomDocument(key), ...(random() < 0.5 ? { state: existing.state, labels: existing.labels } : {}) };
        postings.replace(key, existing, document);
        documents.set(key, document);
        if (step % 3 === 0) expectAnswers(postings, documents, randomFilter());
        continue;
      }
      if (existing !== undefined) {
        postings.remove(key, existing);
        documents.delete(key);
      }
      if (existing === undefined || random() < 0.7) {
        const document = randomDocument(key);
        documents.set(key, document);
        postings.add(key, document);
      }
      if (step % 3 === 0) expectAnswers(postings, documents, randomFilter());
      if (postings.candidates({ field: 'state', op: '=', value: 'open' }) instanceof DenseKeys) sawBits = true;
    }
    expect(sawBits).to.equal(true);
    for (const combined of [{ and: [OPEN, PUBLIC] }, { or: [OPEN, PUBLIC] }]) {
      expect(postings.exactKeys(combined)).to.be.instanceOf(DenseKeys);
      expectAnswers(postings, documents, combined);
    }
    // Then nearly emptied: bits kept for a value now held by a document or two become a Set.
    const left = [...documents.keys()];
    for (const [position, key] of left.slice(0, -2).entries()) {
      postings.remove(key, documents.get(key)!);
      documents.delete(key);
      if (position % 25 === 0) expectAnswers(postings, documents, randomFilter());
    }
    for (let round = 0; round < 50; round++) expectAnswers(postings, documents, randomFilter());
    for (const value of ['open', 'closed']) expect(postings.candidates({ field: 'state', op: '=', value })).not.to.be.instanceOf(DenseKeys);
  });

  it('replaces documents with dotted attributes and look-alike values (1 and "1", 0 and -0, NaN, "Bug " and "bug") as the filter evaluated', () => {
    const values: unknown[] = ['1', 1, -0, 0, Number.NaN, 'Bug ', 'bug', true, 'true', undefined, null];
    const holder = (id: string): SearchDocument => ({
      id,
      kind: pick(values),
      meta: random() < 0.7 ? { kind: pick(values) } : random() < 0.5 ? [{ kind: pick(values) }, { kind: pick(values) }] : pick(values),
    });
    const documents = new Map<string, SearchDocument>();
    const postings = new EqualityPostings(['kind', 'meta.kind'], () => documents);
    for (let number = 0; number < 200; number++) {
      const document = holder(String(number));
      documents.set(document.id as string, document);
      postings.add(document.id as string, document);
    }
    const tokens: Array<string | number | boolean> = ['1', 1, 0, 'bug', 'Bug', true, 'true', 'null'];
    for (let step = 0; step < 2000; step++) {
      const key = String(Math.floor(random() * 200));
      const before = documents.get(key)!;
      // Often only one of the two attributes changes, or neither does.
      const fresh = holder(key);
      const after =
        random() < 0.3 ? { ...before, kind: fresh.kind } : random() < 0.5 ? { ...before, meta: fresh.meta } : random() < 0.5 ? { ...before } : fresh;
      postings.replace(key, before, after);
      documents.set(key, after);
      if (step % 10 === 0)
        for (const field of ['kind', 'meta.kind']) expectAnswers(postings, documents, { field, op: 'in', values: [pick(tokens), pick(tokens)] });
    }
    for (const field of ['kind', 'meta.kind']) for (const value of tokens) expectAnswers(postings, documents, { field, op: '=', value });
  });

  it('built from existing documents at once answers as the filter evaluated too', () => {
    const documents = new Map<string, SearchDocument>();
    for (let number = 0; number < 500; number++) documents.set(String(number), randomDocument(String(number)));
    const built = new EqualityPostings(['state', 'repository_id', 'public', 'labels'], () => documents);
    for (let round = 0; round < 200; round++) expectAnswers(built, documents, randomFilter());
  });
});

describe('EmbeddedIndex: replacements move only what changed', () => {
  it('answers keywords and filters after 3,000 random replacements as an index made of the final documents', () => {
    const settings = {
      primaryKey: 'id',
      searchableAttributes: ['title'],
      filterableAttributes: ['state', 'repository_id', 'public', 'labels'],
      sortableAttributes: [],
    };
    const titled = (id: string) => ({ ...randomDocument(id), title: `issue ${pick(['widget', 'gadget', 'widget gadget'])} ${Number(id) % 7}`, count: 0 });
    const live = EmbeddedIndex.create(settings);
    const documents = new Map<string, SearchDocument>();
    for (let number = 0; number < 600; number++) documents.set(String(number), titled(String(number)));
    live.upsert([...documents.values()]);
    for (let step = 0; step < 3000; step++) {
      const key = String(Math.floor(random() * 600));
      const existing = documents.get(key)!;
      const change = random();
      // A count only (nothing indexed moves), a filter value, or the text.
      const document =
        change < 0.4
          ? { ...existing, count: (existing.count as number) + 1 }
          : change < 0.7
            ? { ...existing, state: pick(['open', 'closed']), labels: [pick(['bug', 'docs'])] }
            : titled(key);
      documents.set(key, document);
      live.upsert([document]);
    }
    const fresh = EmbeddedIndex.create(settings, [...documents.values()]);
    const found = (index: EmbeddedIndex, q: string, filter?: SearchFilter) =>
      index
        .search({ q, ...(filter ? { filter } : {}), limit: 1000 })
        .hits.map((hit) => hit.document.id as string)
        .sort();
    for (const q of ['', 'widget', 'gadget 3', 'widg']) {
      for (const filter of [undefined, OPEN, { and: [OPEN, PUBLIC] }, ...Array.from({ length: 10 }, () => randomFilter())]) {
        expect(found(live, q, filter), `${q} ${JSON.stringify(filter)}`).to.deep.equal(found(fresh, q, filter));
      }
    }
    expect(found(live, 'widget').length).to.be.greaterThan(100);
  });
});

describe('EmbeddedIndex: filters answered by postings give what evaluating them gives', () => {
  it('over 3,000 documents (past the few-candidates path), with and without keywords', () => {
    const index = EmbeddedIndex.create({
      primaryKey: 'id',
      searchableAttributes: ['title'],
      filterableAttributes: ['state', 'repository_id', 'public', 'labels'],
      sortableAttributes: [],
    });
    index.upsert(
      Array.from({ length: 3000 }, (_, number) => ({
        ...randomDocument(String(number)),
        title: `issue ${pick(['widget', 'gadget', 'widget gadget'])} ${number % 7}`,
      })),
    );
    // A `not` of nothing makes the postings unable to answer: the filter is evaluated instead.
    const evaluated = (filter: SearchFilter): SearchFilter => ({ and: [filter, { not: { field: 'state', op: '=', value: 'none' } }] });
    const filters: SearchFilter[] = [
      OPEN,
      PUBLIC,
      { and: [OPEN, PUBLIC] },
      { or: [OPEN, { field: 'repository_id', op: '=', value: 1 }] },
      ...Array.from({ length: 40 }, () => randomFilter()),
    ];
    for (const filter of filters) {
      for (const q of ['', 'widget', 'gadget 3', 'widg']) {
        const query = { q, filter, limit: 50 };
        expect(index.search(query), `${q} ${JSON.stringify(filter)}`).to.deep.equal(index.search({ ...query, filter: evaluated(filter) }));
      }
    }
  });
});
