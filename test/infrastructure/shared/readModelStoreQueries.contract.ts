import { expect } from 'chai';
import type { Collection, Document } from '../../../application/shared/ports/readModelStore.port.js';
import type { ReadModelStoreContext } from './readModelStore.contract.js';

interface Repo extends Document {
  _id: string;
  name: string;
  stars: number;
  owner: { login: string };
  topics: string[];
}

const repos: Repo[] = [
  { _id: 'r1', name: 'alpha', stars: 5, owner: { login: 'ann' }, topics: ['git', 'cli'] },
  { _id: 'r2', name: 'bravo', stars: 9, owner: { login: 'bob' }, topics: ['web'] },
  { _id: 'r3', name: 'charlie', stars: 5, owner: { login: 'ann' }, topics: [] },
  { _id: 'r4', name: 'delta', stars: 1, owner: { login: 'cy' }, topics: ['git'] },
  { _id: 'r5', name: 'echo', stars: 9, owner: { login: 'ann' }, topics: ['cli'] },
];

export function describeQueryContract(context: ReadModelStoreContext): void {
  describe('queries', function () {
    let collection: Collection<Repo>;

    beforeEach(async function () {
      collection = context.store().collection<Repo>(context.collectionName('repos'));
      for (const repo of repos) await collection.insertOne(repo);
    });

    const names = (found: Repo[]): string[] => found.map((repo) => repo.name);

    it('finds by equality, comparison, dotted paths and array membership', async function () {
      expect(names(await collection.find({ stars: 5 }, { sort: { name: 1 } }))).to.deep.equal(['alpha', 'charlie']);
      expect(names(await collection.find({ stars: { $gt: 4, $lt: 9 } }, { sort: { name: 1 } }))).to.deep.equal(['alpha', 'charlie']);
      expect(names(await collection.find({ 'owner.login': 'ann' }, { sort: { name: 1 } }))).to.deep.equal(['alpha', 'charlie', 'echo']);
      expect(names(await collection.find({ topics: 'git' }, { sort: { name: 1 } }))).to.deep.equal(['alpha', 'delta']);
      expect(names(await collection.find({ name: { $in: ['bravo', 'delta', 'zulu'] } }, { sort: { name: 1 } }))).to.deep.equal(['bravo', 'delta']);
      expect(names(await collection.find({ $or: [{ stars: 1 }, { name: 'echo' }] }, { sort: { name: 1 } }))).to.deep.equal(['delta', 'echo']);
    });

    it('returns whole documents with their _id', async function () {
      expect(await collection.findOne({ name: 'bravo' })).to.deep.equal(repos[1]);
      expect(await collection.findOne({ _id: 'r4' })).to.deep.equal(repos[3]);
      expect(await collection.findOne({ name: 'zulu' })).to.equal(null);
    });

    it('sorts by several keys, the second breaking ties of the first', async function () {
      const byStarsThenName = await collection.find({}, { sort: { stars: -1, name: 1 } });
      expect(names(byStarsThenName)).to.deep.equal(['bravo', 'echo', 'alpha', 'charlie', 'delta']);
      const byStarsThenNameDescending = await collection.find({}, { sort: { stars: 1, name: -1 } });
      expect(names(byStarsThenNameDescending)).to.deep.equal(['delta', 'charlie', 'alpha', 'echo', 'bravo']);
    });

    it('pages with skip and limit after sorting', async function () {
      const page = (skip: number) => collection.find({}, { sort: { name: 1 }, skip, limit: 2 });
      expect(names(await page(0))).to.deep.equal(['alpha', 'bravo']);
      expect(names(await page(2))).to.deep.equal(['charlie', 'delta']);
      expect(names(await page(4))).to.deep.equal(['echo']);
      expect(await page(6)).to.deep.equal([]);
    });

    it('findOne takes the first document in sort order', async function () {
      expect((await collection.findOne({ 'owner.login': 'ann' }, { sort: { stars: -1 } }))?.name).to.equal('echo');
      expect((await collection.findOne({}, { sort: { stars: 1 } }))?.name).to.equal('delta');
    });

    it('projects included fields (with _id unless excluded) and excluded fields', async function () {
      const included = await collection.find({ _id: 'r1' }, { projection: { name: 1, 'owner.login': 1 } });
      expect(included).to.deep.equal([{ _id: 'r1', name: 'alpha', owner: { login: 'ann' } }]);
      expect(Object.keys(included[0])[0]).to.equal('_id');
      const withoutId = await collection.findOne({ _id: 'r2' }, { projection: { _id: 0, stars: 1 } });
      expect(withoutId).to.deep.equal({ stars: 9 });
      const excluded = await collection.findOne({ _id: 'r3' }, { projection: { topics: 0, owner: 0 } });
      expect(excluded).to.deep.equal({ _id: 'r3', name: 'charlie', stars: 5 });
    });

    it('counts matching documents', async function () {
      expect(await collection.count({})).to.equal(5);
      expect(await collection.count({ 'owner.login': 'ann' })).to.equal(3);
      expect(await collection.count({ stars: { $gte: 100 } })).to.equal(0);
    });

    it('answers an absent collection with nothing', async function () {
      const absent = context.store().collection(context.collectionName('absent'));
      expect(await absent.find({})).to.deep.equal([]);
      expect(await absent.findOne({})).to.equal(null);
      expect(await absent.count({})).to.equal(0);
      expect(await absent.deleteMany({})).to.equal(0);
      expect(await absent.updateMany({}, { $set: { a: 1 } })).to.deep.equal({ matched: 0, modified: 0, upserted: false });
    });

    // The embedded adapter hands out its stored documents frozen (a change throws); MongoDB's
    // are fresh copies (a change stays in the copy). Either way the store is unchanged.
    it('keeps the store safe from its results and from inserted objects changed afterwards', async function () {
      const changeIfAllowed = (change: () => void) => {
        try {
          change();
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
        }
      };
      const found = await collection.findOne({ _id: 'r1' });
      changeIfAllowed(() => found!.topics.push('mutated'));
      changeIfAllowed(() => (found!.owner.login = 'mallory'));
      const [listed] = await collection.find({ _id: 'r1' }, { projection: { owner: 1 } });
      changeIfAllowed(() => ((listed.owner as { login: string }).login = 'mallory'));
      const inserted: Repo = { _id: 'r6', name: 'fox', stars: 0, owner: { login: 'dee' }, topics: ['a'] };
      await collection.insertOne(inserted);
      inserted.topics.push('mutated');
      inserted.name = 'changed';
      expect(await collection.findOne({ _id: 'r1' })).to.deep.equal(repos[0]);
      expect(await collection.findOne({ _id: 'r6' })).to.deep.equal({ ...inserted, name: 'fox', topics: ['a'] });
    });

    it('gives a document inserted without _id a string _id and leaves the input alone', async function () {
      const input: Document = { name: 'golf', stars: 3 };
      await collection.insertOne(input as Repo);
      expect(input).to.deep.equal({ name: 'golf', stars: 3 });
      const stored = await collection.findOne({ name: 'golf' });
      expect(stored?._id).to.be.a('string').and.have.length.greaterThan(0);
      expect(stored).to.deep.equal({ _id: stored?._id, name: 'golf', stars: 3 });
    });
  });
}
