import { expect } from 'chai';
import { find as findWithMingo, Query } from 'mingo';
import type { Document, Filter } from '../../../application/shared/ports/readModelStore.port.js';
import { sortedNatively } from '../../../infrastructure/shared/readModels/documentSort.js';
import { fieldConditionsMatcher } from '../../../infrastructure/shared/readModels/fieldConditions.js';

// The embedded store's fast paths must answer exactly what mingo answers for the filters
// and sorts they accept: checked on seeded random documents, filters and sort orders.
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

function randomCondition(): unknown {
  switch (Math.floor(random() * 9)) {
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
});
