import { expect } from 'chai';
import type { Collection } from '../../../application/shared/ports/readModelStore.port.js';
import type { ReadModelStoreContext } from './readModelStore.contract.js';
import { expectDuplicateKey, rejection } from './readModelStoreTestSupport.js';

export function describeIndexContract(context: ReadModelStoreContext): void {
  describe('unique indexes', function () {
    let name: string;
    let users: Collection;

    beforeEach(async function () {
      name = context.collectionName('users');
      users = context.store().collection(name);
      await users.createIndexes([
        { name: 'login_unique', keys: { login_lower: 1 }, unique: true },
        { name: 'by_type', keys: { type: 1 } },
      ]);
      await users.insertOne({ _id: 'u1', login_lower: 'octocat', type: 'User' });
      await users.insertOne({ _id: 'u2', login_lower: 'hubot', type: 'Bot' });
    });

    it('refuses a duplicate insert and does not store it', async function () {
      await expectDuplicateKey(users.insertOne({ _id: 'u3', login_lower: 'octocat' }), name, 'login_unique');
      await expectDuplicateKey(users.insertOne({ _id: 'u1', login_lower: 'other' }), name, '_id_');
      expect(await users.count({})).to.equal(2);
      expect(await users.findOne({ _id: 'u3' })).to.equal(null);
      expect(await users.findOne({ login_lower: 'other' })).to.equal(null);
    });

    it('refuses an update or a replacement onto a taken key and leaves the document as it was', async function () {
      await expectDuplicateKey(users.updateOne({ _id: 'u2' }, { $set: { login_lower: 'octocat' } }), name, 'login_unique');
      await expectDuplicateKey(users.replaceOne({ _id: 'u2' }, { login_lower: 'octocat' }), name, 'login_unique');
      expect(await users.findOne({ _id: 'u2' })).to.deep.equal({ _id: 'u2', login_lower: 'hubot', type: 'Bot' });
      expect(await users.count({ login_lower: 'octocat' })).to.equal(1);
    });

    // MongoDB stops at the first refused document (earlier ones stay updated); the embedded
    // store applies none. Both refuse, and neither lets two documents share the key.
    it('refuses an updateMany that would give two documents the same key', async function () {
      await expectDuplicateKey(users.updateMany({}, { $set: { login_lower: 'same' } }), name, 'login_unique');
      expect(await users.count({ login_lower: 'same' })).to.be.at.most(1);
      expect(await users.count({})).to.equal(2);
    });

    it('refuses an upsert that would insert a taken key', async function () {
      const upsert = users.updateOne({ login_lower: 'octocat', type: 'Organization' }, { $set: { plan: 'free' } }, { upsert: true });
      await expectDuplicateKey(upsert, name, 'login_unique');
      const replace = users.replaceOne({ _id: 'u9' }, { login_lower: 'hubot' }, { upsert: true });
      await expectDuplicateKey(replace, name, 'login_unique');
      expect(await users.count({})).to.equal(2);
    });

    it('frees a key when its document is deleted or changes it', async function () {
      await users.updateOne({ _id: 'u1' }, { $set: { login_lower: 'monalisa' } });
      await users.insertOne({ _id: 'u3', login_lower: 'octocat' });
      await users.deleteOne({ _id: 'u2' });
      await users.insertOne({ _id: 'u4', login_lower: 'hubot' });
      const logins = (await users.find({}, { sort: { login_lower: 1 } })).map((user) => user.login_lower);
      expect(logins).to.deep.equal(['hubot', 'monalisa', 'octocat']);
    });

    it('lets a document keep its own key when updated', async function () {
      const result = await users.updateOne({ login_lower: 'octocat' }, { $set: { login_lower: 'octocat', type: 'Organization' } });
      expect(result).to.deep.equal({ matched: 1, modified: 1, upserted: false });
    });

    it('accepts the same index specs again', async function () {
      await users.createIndexes([{ name: 'login_unique', keys: { login_lower: 1 }, unique: true }]);
      await users.insertOne({ _id: 'u3', login_lower: 'monalisa' });
      expect(await users.count({})).to.equal(3);
    });

    it('answers equality and $in lookups on indexed fields like any other filter', async function () {
      await users.insertOne({ _id: 'u3', login_lower: 'monalisa', type: 'User' });
      expect((await users.find({ type: 'User' }, { sort: { _id: 1 } })).map((user) => user._id)).to.deep.equal(['u1', 'u3']);
      const found = await users.find({ login_lower: { $in: ['hubot', 'monalisa', 'nobody'] }, type: 'User' });
      expect(found).to.deep.equal([{ _id: 'u3', login_lower: 'monalisa', type: 'User' }]);
      expect(await users.findOne({ login_lower: 'OCTOCAT' })).to.equal(null);
      expect(await users.count({ type: { $eq: 'Bot' } })).to.equal(1);
    });

    it('refuses to build a unique index over existing duplicates', async function () {
      await users.updateMany({}, { $set: { plan: 'free' } });
      await expectDuplicateKey(users.createIndexes([{ name: 'plan_unique', keys: { plan: 1 }, unique: true }]), name, 'plan_unique');
      await users.insertOne({ _id: 'u3', login_lower: 'monalisa', plan: 'free' });
      expect(await users.count({ plan: 'free' })).to.equal(3);
    });
  });

  describe('compound unique indexes', function () {
    it('refuses only the same combination of values', async function () {
      const name = context.collectionName('columns');
      const columns = context.store().collection(name);
      await columns.createIndexes([{ name: 'project_position', keys: { project_id: 1, position: 1 }, unique: true }]);
      await columns.insertOne({ _id: 'c1', project_id: 1, position: 1 });
      await columns.insertOne({ _id: 'c2', project_id: 1, position: 2 });
      await columns.insertOne({ _id: 'c3', project_id: 2, position: 1 });
      await expectDuplicateKey(columns.insertOne({ _id: 'c4', project_id: 2, position: 1 }), name, 'project_position');
      expect(await columns.findOne({ project_id: 1, position: 2 })).to.deep.equal({ _id: 'c2', project_id: 1, position: 2 });
      expect(await rejection(columns.insertOne({ _id: 'c5', project_id: 1, position: 1 }))).to.be.instanceOf(Error);
    });
  });
}
