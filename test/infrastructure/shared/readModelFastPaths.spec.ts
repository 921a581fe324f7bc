import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { seededRandom } from '../../support/seededRandom.js';
import { find as findWithMingo, Query, update as updateWithMingo } from 'mingo';
import type { Collection, Document, Filter, SortSpec } from '../../../application/shared/ports/readModelStore.port.js';
import { sortedNatively } from '../../../infrastructure/shared/readModels/documentSort.js';
import { sameDocument } from '../../../infrastructure/shared/readModels/documentUpdates.js';
import { fieldConditionsMatcher } from '../../../infrastructure/shared/readModels/fieldConditions.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { refuseFor, refuseUnparsed } from '../readModels/storeDifferential/refusals.js';

// The embedded store's fast paths must answer exactly what mingo answers for the filters
// and sorts they accept: checked on seeded random documents, filters and sort orders.

const random = seededRandom(20261122);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const SCALARS: readonly unknown[] = [-2, -1, 0, 1, 2, 3, 1.5, 'a', 'b', 'c', 'B', '', true, false];
const OPERANDS: readonly (number | string)[] = [-1, 0, 1, 2, 1.5, 'a', 'b', 'c', 'B', ''];

function randomValue(): unknown {
  const kind = random();
  if (kind < 0.1) return undefined;
  if (kind < 0.2) return null;
  if (kind < 0.75) return pick(SCALARS);
  return Array.from({ length: Math.floor(random() * 4) }, () => pick(SCALARS));
}

function randomDocument(id: number): Document {
  const document: Document = { _id: id };
  for (const field of ['a', 'b', 'c']) {
    const value = randomValue();
    if (value !== undefined) document[field] = value;
  }
  return document;
}

// A page and a count of the indexed collection, against mingo's over the same rows.
async function expectPageAsMingo(
  collection: Collection<Document>,
  rows: Map<number, Document>,
  filter: Filter,
  sort: SortSpec,
  skip: number,
  limit: number,
): Promise<void> {
  const expected = (
    findWithMingo([...rows.values()], filter)
      .sort(sort)
      .skip(skip)
      .limit(limit)
      .all() as Document[]
  ).map((row) => row._id);
  const page = (await collection.find(filter, { sort, skip, limit })).map((row) => row._id);
  expect(page, `${JSON.stringify(filter)} ${JSON.stringify(sort)} skip ${skip} limit ${limit}`).to.deep.equal(expected);
  expect(await collection.count(filter), JSON.stringify(filter)).to.equal(findWithMingo([...rows.values()], filter).all().length);
}

// One random write to an indexed collection and to the rows mingo reads beside it: an update
// of some fields, a deletion or an insertion.
async function changeALittle(
  collection: Collection<Document>,
  rows: Map<number, Document>,
  randomRow: (number: number) => Document,
  fields: () => Document,
): Promise<void> {
  const target = 1 + Math.floor(random() * 220);
  const change = random();
  if (change < 0.3 && rows.has(target)) {
    const changed = fields();
    await collection.updateOne({ _id: String(target) }, { $set: changed });
    rows.set(target, { ...rows.get(target)!, ...changed });
  } else if (change < 0.4 && rows.has(target)) {
    await collection.deleteOne({ _id: String(target) });
    rows.delete(target);
  } else if (change < 0.5 && !rows.has(target)) {
    const row = randomRow(target);
    rows.set(target, row);
    await collection.insertOne(row);
  }
}

function randomCondition(): unknown {
  switch (Math.floor(random() * 10)) {
    case 0:
      return pick(SCALARS.filter((value) => typeof value !== 'number' || Number.isInteger(value)));
    case 1:
      return { $eq: pick(SCALARS) };
    case 2:
      return { $ne: pick(SCALARS) };
    case 3:
      return { $in: Array.from({ length: Math.floor(random() * 4) }, () => pick(SCALARS)) };
    case 4:
      return { $gt: pick(OPERANDS) };
    case 5:
      return { $gte: pick(OPERANDS) };
    case 6:
      return { $lt: pick(OPERANDS) };
    case 7:
      return { $lte: pick(OPERANDS) };
    case 8: {
      const inner = randomCondition();
      // $not takes an operator expression, not a bare value.
      return { $not: typeof inner === 'object' && inner !== null ? inner : { $eq: inner } };
    }
    default:
      return { $gte: pick(OPERANDS), $lt: pick(OPERANDS), $ne: pick(SCALARS) };
  }
}

describe('embedded read models: fast paths answer as mingo does', () => {
  const documents = Array.from({ length: 60 }, (_, id) => randomDocument(id));

  it('matches 3,000 random filters of top-level conditions exactly as a mingo Query', () => {
    for (let round = 0; round < 3000; round += 1) {
      const filter: Filter = {};
      for (const field of ['a', 'b', 'c'].slice(0, 1 + Math.floor(random() * 2))) filter[field] = randomCondition();
      const fast = fieldConditionsMatcher(filter);
      expect(fast, JSON.stringify(filter)).not.to.equal(undefined);
      const query = new Query(filter);
      for (const document of documents) {
        expect(fast!(document), `${JSON.stringify(filter)} on ${JSON.stringify(document)}`).to.equal(query.test(document));
      }
    }
  });

  it('leaves dotted paths, $or, null and regular expressions to mingo', () => {
    for (const filter of [{ 'a.b': 1 }, { $or: [{ a: 1 }] }, { a: null }, { a: { $in: [null] } }, { a: /x/ }, { a: { $gt: true } }, { a: {} }]) {
      expect(fieldConditionsMatcher(filter as Filter), JSON.stringify(filter)).to.equal(undefined);
    }
  });

  it('sorts by numbers and strings, ties in stored order, exactly as mingo', () => {
    for (let round = 0; round < 300; round += 1) {
      const rows: Document[] = Array.from({ length: 40 }, (_, id) => ({ _id: id, n: Math.floor(random() * 6) - 2, s: pick(['a', 'b', 'B', '', 'ab', 'é']) }));
      const sort = Object.fromEntries(
        (random() < 0.5 ? ['n', 's'] : ['s', 'n']).slice(0, 1 + Math.floor(random() * 2)).map((field) => [field, pick([1, -1] as const)]),
      );
      const native = sortedNatively(rows, sort)!.map((row) => row._id);
      const mingo = (findWithMingo(rows, {}).sort(sort).all() as Document[]).map((row) => row._id);
      expect(native, JSON.stringify(sort)).to.deep.equal(mingo);
    }
  });

  it('leaves mixed types, missing values and dotted keys to mingo', () => {
    expect(
      sortedNatively(
        [
          { _id: 1, n: 1 },
          { _id: 2, n: 'x' },
        ],
        { n: 1 },
      ),
    ).to.equal(undefined);
    expect(sortedNatively([{ _id: 1, n: 1 }, { _id: 2 }], { n: 1 })).to.equal(undefined);
    expect(sortedNatively([{ _id: 1, n: { m: 1 } }], { 'n.m': 1 })).to.equal(undefined);
  });

  it('ordered indexes: 400 random pages and counts, through inserts, updates and deletes, exactly as mingo answers them', async () => {
    const store = new EmbeddedReadModelStore();
    const indexed = store.collection('issues');
    await indexed.createIndexes([
      { name: 'repo_state_created', keys: { repository_id: 1, state: 1, created_at: 1, number: 1 } },
      { name: 'repo_comments', keys: { repository_id: 1, comments: -1, number: -1 } },
    ]);
    const rows = new Map<number, Document>();
    const randomIssue = (number: number): Document => ({
      _id: String(number),
      number,
      repository_id: pick([1, 2, 3]),
      state: pick(['open', 'closed']),
      created_at: pick(['2026-01-01', '2026-01-02', '2026-01-03', '2026-02-01']),
      comments: random() < 0.05 ? null : Math.floor(random() * 4),
      ...(random() < 0.2 ? { label: pick(['bug', 'docs']) } : {}),
    });
    for (let number = 1; number <= 200; number++) {
      const issue = randomIssue(number);
      rows.set(number, issue);
      await indexed.insertOne(issue);
    }
    for (let round = 0; round < 400; round++) {
      // Change the collection a little between reads.
      await changeALittle(indexed, rows, randomIssue, () => ({ state: pick(['open', 'closed']), comments: Math.floor(random() * 4) }));
      const filter: Filter = { repository_id: pick([1, 2, 3]) };
      if (random() < 0.7) filter.state = pick(['open', 'closed']);
      if (random() < 0.2) filter.label = 'bug';
      const direction = pick([1, -1] as const);
      const sort: SortSpec = random() < 0.6 ? { created_at: direction, number: direction } : { comments: direction, number: direction };
      // A range on the sort's first field: where the walk starts and stops (values met, between
      // values, of the other type, on a field the index holds descending).
      if (random() < 0.5) {
        const field = Object.keys(sort)[0]!;
        const values = field === 'created_at' ? ['2026-01-01', '2026-01-02', '2026-01-025', '2026-02-01', '2027', 2] : [0, 1, 1.5, 2, 3, '1'];
        const range: Record<string, unknown> = {};
        if (random() < 0.7) range[pick(['$gt', '$gte'])] = pick(values);
        if (random() < 0.7 || Object.keys(range).length === 0) range[pick(['$lt', '$lte'])] = pick(values);
        filter[field] = range;
      }
      const skip = Math.floor(random() * 30);
      const limit = 1 + Math.floor(random() * 20);
      await expectPageAsMingo(indexed, rows, filter, sort, skip, limit);
    }
  });

  it('ordered indexes answer the same where code generation is disallowed (their compiled comparison falls back)', async function () {
    this.timeout(60_000);
    // The spec above, in a node that refuses new Function: the comparison is then a loop.
    const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
    const run = spawnSync(
      process.execPath,
      ['--disallow-code-generation-from-strings', mocha, fileURLToPath(import.meta.url), '--grep', 'ordered indexes: 400 random pages'],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stdout + run.stderr).to.equal(0);
    expect(run.stdout).to.match(/\b1 passing/);
  });

  it('multikey ordered indexes (an array field, as MongoDB indexes label ids): 400 random pages and counts exactly as mingo answers them', async () => {
    const store = new EmbeddedReadModelStore();
    const indexed = store.collection('issues');
    await indexed.createIndexes([{ name: 'repo_labels_state_created', keys: { repository_id: 1, label_ids: 1, state: 1, created_at: 1, number: 1 } }]);
    const rows = new Map<number, Document>();
    const randomLabels = (): unknown => {
      const kind = random();
      // Mostly arrays (some empty, some with a repeated label), now and then one scalar or none.
      if (kind < 0.05) return undefined;
      if (kind < 0.1) return pick([1, 2, 3]);
      return Array.from({ length: Math.floor(random() * 4) }, () => pick([1, 2, 3, 4]));
    };
    const randomIssue = (number: number): Document => {
      const labels = randomLabels();
      return {
        _id: String(number),
        number,
        repository_id: pick([1, 2]),
        state: pick(['open', 'closed']),
        created_at: pick(['2026-01-01', '2026-01-02', '2026-01-03']),
        ...(labels === undefined ? {} : { label_ids: labels }),
      };
    };
    for (let number = 1; number <= 200; number++) {
      const issue = randomIssue(number);
      rows.set(number, issue);
      await indexed.insertOne(issue);
    }
    let walkedPages = 0;
    for (let round = 0; round < 400; round++) {
      // Relabelled, or only its state changed (the same label array kept by the update).
      await changeALittle(indexed, rows, randomIssue, () => (random() < 0.5 ? { label_ids: randomLabels() ?? [] } : { state: pick(['open', 'closed']) }));
      const filter: Filter = { repository_id: pick([1, 2]) };
      const labels = random();
      if (labels < 0.4) filter.label_ids = pick([1, 2, 3, 4, 5]);
      else if (labels < 0.8) filter.label_ids = { $all: Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick([1, 2, 3, 4])) };
      if (random() < 0.6) filter.state = pick(['open', 'closed']);
      const direction = pick([1, -1] as const);
      const sort: SortSpec = { created_at: direction, number: direction };
      const skip = Math.floor(random() * 10);
      const limit = 1 + Math.floor(random() * 10);
      const examinedBefore = store.examined('issues');
      await expectPageAsMingo(indexed, rows, filter, sort, skip, limit);
      // A page and its count pinning a label walk that label's entries only (a repository holds
      // about a hundred issues: the page and the count read from it would test twice that).
      if (filter.label_ids !== undefined && filter.state !== undefined && store.examined('issues') - examinedBefore < skip + limit + 60) walkedPages++;
    }
    expect(walkedPages).to.be.greaterThan(100);
  });

  // Where MongoDB refuses the update (an $inc inside a string), the store refuses it whole
  // (refusals.ts, the differential harness's statement of MongoDB's rules), as mingo does not.
  it('applies 2,000 random $max, $min and nested $inc updates exactly as mingo does, refusing those MongoDB refuses', async () => {
    const BOUNDS: readonly unknown[] = [-1, 0, 2, 1.5, 'a', 'b', 'B', '', null, true];
    const store = new EmbeddedReadModelStore();
    const collection = store.collection('updates');
    for (let round = 0; round < 2000; round++) {
      const document: Document = { _id: round };
      if (random() < 0.8) document.a = pick(BOUNDS);
      if (random() < 0.8) document.r = random() < 0.8 ? { x: pick([0, 1, 5]), ...(random() < 0.5 ? { y: pick([0, 2, 'text']) } : {}) } : pick([3, 'r', [1, 2]]);
      const update: Record<string, Record<string, unknown>> = {};
      if (random() < 0.5) update[pick(['$max', '$min'])] = { a: pick(BOUNDS) };
      if (random() < 0.6)
        update.$inc = { 'r.x': pick([0, 1, -2]), ...(random() < 0.5 ? { 'r.y': pick([0, 3]) } : {}), ...(random() < 0.2 ? { 'r.0': 1 } : {}) };
      if (Object.keys(update).length === 0) update.$set = { b: round };
      const expected = structuredClone(document);
      let expectedError: string | undefined;
      let changed = false;
      try {
        refuseUnparsed(update);
        refuseFor(expected, update);
        changed = updateWithMingo(expected, update as never).length > 0;
      } catch (error) {
        expectedError = (error as Error).message;
      }
      await collection.insertOne(document);
      const context = `${JSON.stringify(document)} ${JSON.stringify(update)}`;
      const outcome = await collection.updateOne({ _id: round }, update).then(
        (result) => ({ modified: result.modified }),
        (error: Error) => ({ error: error.message }),
      );
      if (expectedError !== undefined) {
        expect(outcome, context).to.have.property('error');
        expect(await collection.findOne({ _id: round }), context).to.deep.equal(document);
        continue;
      }
      expect(outcome, context).to.deep.equal({ modified: changed ? 1 : 0 });
      expect(JSON.stringify(await collection.findOne({ _id: round })), context).to.equal(JSON.stringify(expected));
    }
  });

  // The stored list is frozen, which sends V8's slice and concat down slow paths, so the
  // prepend copies it by Array.from: the result must still be mingo's, and the stored
  // document untouched.
  it('applies 1,000 random capped prepends ($push with $each, $position 0, $slice) exactly as mingo does', async () => {
    const store = new EmbeddedReadModelStore();
    const collection = store.collection('prepends');
    const value = () => (random() < 0.2 ? [round(), round()] : round());
    const round = () => Math.floor(random() * 1000);
    for (let round = 0; round < 1000; round++) {
      // Always a list: onto a missing field mingo ignores $slice, where MongoDB applies it.
      const document: Document = { _id: round, list: Array.from({ length: Math.floor(random() * 30) }, value) };
      const update = {
        $push: { list: { $each: Array.from({ length: Math.floor(random() * 5) }, value), $position: 0, $slice: 1 + Math.floor(random() * 30) } },
      };
      const expected = structuredClone(document);
      updateWithMingo(expected, update as never);
      await collection.insertOne(document);
      const stored = JSON.stringify(await collection.findOne({ _id: round }));
      const before = await collection.findOne({ _id: round });
      await collection.updateOne({ _id: round }, update);
      const context = `${stored} ${JSON.stringify(update)}`;
      expect(JSON.stringify(await collection.findOne({ _id: round })), context).to.equal(JSON.stringify(expected));
      expect(JSON.stringify(before), context).to.equal(stored);
    }
  });

  // findOne, updateOne, replaceOne and deleteOne of `{_id: v}` read the document stored under
  // v's key directly, with no candidates and no matcher.
  it('looks 2,000 random ids up (strings, numbers, booleans, look-alikes) exactly as mingo finds them', async () => {
    const IDS: readonly unknown[] = [0, 1, 2, -1, 1.5, '0', '1', '2', 'a', '[1]', '', true, false];
    const store = new EmbeddedReadModelStore();
    const collection = store.collection('ids');
    const rows: Document[] = [];
    for (const id of IDS) {
      if (random() < 0.3) continue;
      const row = { _id: id, a: pick(SCALARS) } as Document;
      rows.push(row);
      await collection.insertOne(row);
    }
    for (let round = 0; round < 2000; round++) {
      const id = pick([...IDS, NaN, Infinity, null]);
      const filter = random() < 0.8 ? { _id: id } : { _id: id, a: pick(SCALARS) };
      const expected = findWithMingo(rows, filter as Filter).all() as Document[];
      const found = await collection.findOne(filter as Filter);
      expect(found === null ? [] : [found], JSON.stringify(filter)).to.deep.equal(expected.slice(0, 1));
    }
  });

  // A replacement that changes nothing is told apart by a field the two documents hold with
  // different scalars before their JSON texts are compared: the answer must be the texts'.
  it('tells 5,000 random pairs of documents the same exactly when their JSON texts are the same', () => {
    const VALUES: readonly unknown[] = [0, -0, 1, 1.5, NaN, Infinity, 'a', 'b', '', true, false, null, undefined, [1], [1, 2], { x: 1 }, { x: 2 }, new Date(0)];
    const randomFields = (): Document => {
      const document: Document = {};
      for (const field of ['_id', 'a', 'b', 'c']) if (random() < 0.8) document[field] = pick(VALUES);
      return document;
    };
    for (let round = 0; round < 5000; round++) {
      const left = randomFields();
      // Mostly the same document with a field or two changed, reordered or taken out.
      const right: Document = random() < 0.3 ? randomFields() : { ...left };
      if (random() < 0.5) right[pick(['a', 'b', 'c'])] = pick(VALUES);
      if (random() < 0.2) delete right[pick(['a', 'b', 'c'])];
      if (random() < 0.1) right.toJSON = () => left;
      const context = `${JSON.stringify(left)} ${JSON.stringify(right)}`;
      expect(sameDocument(left, right), context).to.equal(JSON.stringify(left) === JSON.stringify(right));
    }
  });
});
