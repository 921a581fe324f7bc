import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { ReadModelSnapshotError } from '../../../infrastructure/shared/readModels/readModelSnapshot.js';
import { describeReadModelStoreContract } from './readModelStore.contract.js';
import { expectDuplicateKey, rejection } from './readModelStoreTestSupport.js';

describeReadModelStoreContract('embedded', async () => {
  const store = new EmbeddedReadModelStore();
  return { store, cleanup: () => store.close() };
});

async function seededStore(): Promise<EmbeddedReadModelStore> {
  const store = new EmbeddedReadModelStore();
  const users = store.collection('users');
  await users.createIndexes([{ name: 'login_unique', keys: { login_lower: 1 }, unique: true }]);
  for (let n = 0; n < 5000; n += 1) {
    await users.insertOne({ _id: `u${n}`, login_lower: `user${n}`, bio: 'x'.repeat(200), orgs: [{ id: n % 7 }] });
  }
  await store.collection('checkpoints').insertOne({ _id: 'users', position: '5000' });
  await store.collection('empty').createIndexes([{ name: 'by_a', keys: { a: 1 } }]);
  return store;
}

describe('EmbeddedReadModelStore', function () {
  let directory: string;

  beforeEach(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-readmodels-'));
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  describe('reads without copies', function () {
    it('hands out its stored documents deeply frozen, the same object until a write replaces it', async function () {
      const store = new EmbeddedReadModelStore();
      const users = store.collection('users');
      await users.insertOne({ _id: 'u1', login: 'octocat', orgs: [{ id: 1 }], profile: { bio: 'hi' } });
      const first = await users.findOne({ login: 'octocat' });
      const [listed] = await users.find({ _id: 'u1' });
      expect(listed).to.equal(first);
      expect(Object.isFrozen(first)).to.equal(true);
      expect(Object.isFrozen(first!.orgs)).to.equal(true);
      expect(Object.isFrozen((first!.orgs as Array<{ id: number }>)[0])).to.equal(true);
      expect(() => ((first!.profile as { bio: string }).bio = 'changed')).to.throw(TypeError);

      await users.updateOne({ _id: 'u1' }, { $set: { 'profile.bio': 'updated' } });
      const second = await users.findOne({ _id: 'u1' });
      expect(second).not.to.equal(first);
      expect(second).to.deep.equal({ _id: 'u1', login: 'octocat', orgs: [{ id: 1 }], profile: { bio: 'updated' } });
      expect(first).to.deep.equal({ _id: 'u1', login: 'octocat', orgs: [{ id: 1 }], profile: { bio: 'hi' } });
      await store.close();
    });
  });

  describe('snapshots', function () {
    it('round-trips every collection, document and index, leaving only the snapshot file', async function () {
      const original = await seededStore();
      const path = join(directory, 'read-models.snapshot');
      await original.snapshot(path);
      await original.snapshot(path);
      expect(await readdir(directory)).to.deep.equal(['read-models.snapshot']);

      const restored = await EmbeddedReadModelStore.fromSnapshot(path);
      expect(await restored.listCollections()).to.deep.equal(['checkpoints', 'empty', 'users']);
      for (const name of ['users', 'checkpoints']) {
        const sortById = { sort: { _id: 1 as const } };
        expect(await restored.collection(name).find({}, sortById)).to.deep.equal(await original.collection(name).find({}, sortById));
      }
      expect(await restored.collection('users').findOne({ login_lower: 'user4321' })).to.include({ _id: 'u4321' });
      await expectDuplicateKey(restored.collection('users').insertOne({ login_lower: 'user7' }), 'users', 'login_unique');
    });

    it('captures the store as it was when the snapshot was asked for', async function () {
      const store = await seededStore();
      const path = join(directory, 'snapshot');
      const writing = store.snapshot(path);
      await store.collection('users').deleteMany({});
      await store.collection('late').insertOne({ _id: 'l1' });
      await writing;
      const restored = await EmbeddedReadModelStore.fromSnapshot(path);
      expect(await restored.collection('users').count({})).to.equal(5000);
      expect(await restored.listCollections()).to.not.include('late');
    });

    it('starts empty when there is no snapshot', async function () {
      const store = await EmbeddedReadModelStore.fromSnapshot(join(directory, 'absent'));
      expect(await store.listCollections()).to.deep.equal([]);
    });

    describe('refuses a snapshot that cannot be trusted', function () {
      let path: string;
      let lines: string[];

      beforeEach(async function () {
        path = join(directory, 'snapshot');
        await (await seededStore()).snapshot(path);
        lines = (await readFile(path, 'utf8')).split('\n');
      });

      async function expectRefused(content: string, reason: RegExp): Promise<void> {
        await writeFile(path, content);
        const error = await rejection(EmbeddedReadModelStore.fromSnapshot(path));
        expect(error).to.be.instanceOf(ReadModelSnapshotError);
        expect(error.message).to.include(path).and.match(reason);
      }

      it('truncated', async function () {
        await expectRefused(lines.slice(0, 100).join('\n'), /truncated/);
      });

      it('with a document changed behind its back', async function () {
        await expectRefused(lines.join('\n').replace('user4321', 'user4322'), /checksum/);
      });

      it('with a line that is not JSON', async function () {
        await expectRefused([...lines.slice(0, 3), '{"_id": "u', ...lines.slice(4)].join('\n'), /line 4 is not JSON/);
      });

      it('that is not a snapshot at all', async function () {
        await expectRefused('hello\n', /not JSON/);
        await expectRefused('', /empty/);
        await expectRefused('{"format":"something-else"}\n', /not a forgelog read model snapshot/);
      });
    });
  });

  describe('beyond the contract', function () {
    it("keeps a document equal to its twin collection's as one object, before and after a snapshot, and apart once they differ", async function () {
      const store = new EmbeddedReadModelStore();
      const issues = store.collection('issues');
      const mirror = store.collection('mirror');
      await mirror.createIndexes([{ name: 'repository_created', keys: { repository_id: 1, created_at: 1, number: 1 } }]);
      await mirror.shareDocumentsWith!('issues');
      const issue = (number: number, title: string) => ({
        _id: `i${number}`,
        repository_id: 1,
        created_at: number,
        number,
        title,
        labels: ['bug'],
        user: { id: 2 },
      });
      for (const number of [1, 2, 3]) {
        await issues.insertOne(issue(number, `Issue ${number}`));
        await mirror.insertOne(issue(number, number === 3 ? 'Older title' : `Issue ${number}`));
      }
      expect(await mirror.findOne({ _id: 'i1' })).to.equal(await issues.findOne({ _id: 'i1' }));
      expect(await mirror.findOne({ _id: 'i3' })).to.not.equal(await issues.findOne({ _id: 'i3' }));
      expect((await mirror.findOne({ _id: 'i3' }))?.title).to.equal('Older title');
      // The twin moves on: the mirror keeps its own state until it applies the change too.
      await issues.updateOne({ _id: 'i2' }, { $set: { title: 'Renamed' } });
      expect((await mirror.findOne({ _id: 'i2' }))?.title).to.equal('Issue 2');
      await mirror.updateOne({ _id: 'i2' }, { $set: { title: 'Renamed' } });
      expect(await mirror.findOne({ _id: 'i2' })).to.equal(await issues.findOne({ _id: 'i2' }));
      // A snapshot holds each collection's documents; a restored store shares them again once told.
      const directory = await mkdtemp(join(tmpdir(), 'forgelog-twins-'));
      try {
        await store.snapshot(join(directory, 'models.snapshot'));
        const restored = await EmbeddedReadModelStore.fromSnapshot(join(directory, 'models.snapshot'));
        expect(await restored.collection('mirror').findOne({ _id: 'i1' })).to.not.equal(await restored.collection('issues').findOne({ _id: 'i1' }));
        await restored.collection('mirror').shareDocumentsWith!('issues');
        expect(await restored.collection('mirror').findOne({ _id: 'i1' })).to.equal(await restored.collection('issues').findOne({ _id: 'i1' }));
        // The ordered index holds the shared objects: its pages are whole and in order.
        const page = await restored.collection('mirror').find({ repository_id: 1 }, { sort: { created_at: -1, number: -1 }, limit: 3 });
        expect(page.map((document) => [document._id, document.title])).to.deep.equal([
          ['i3', 'Older title'],
          ['i2', 'Renamed'],
          ['i1', 'Issue 1'],
        ]);
        expect(page[2]).to.equal(await restored.collection('issues').findOne({ _id: 'i1' }));
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    });

    it("takes the twin's own object for a replacement or upsert equal to it, never the caller's", async function () {
      const store = new EmbeddedReadModelStore();
      const issues = store.collection('issues');
      const mirror = store.collection('mirror');
      await mirror.shareDocumentsWith!('issues');
      const issue = (number: number, title: string) => ({ _id: `i${number}`, number, title, labels: ['bug'], user: { id: 2 } });
      await issues.insertOne(issue(1, 'Issue 1'));
      await issues.insertOne(issue(2, 'Issue 2'));
      const upserted = issue(1, 'Issue 1');
      expect(await mirror.replaceOne({ _id: 'i1' }, upserted, { upsert: true })).to.deep.equal({ matched: 0, modified: 0, upserted: true });
      upserted.title = 'changed by the caller afterwards';
      upserted.labels.push('later');
      expect(await mirror.findOne({ _id: 'i1' })).to.equal(await issues.findOne({ _id: 'i1' }));
      expect(await mirror.findOne({ _id: 'i1' })).to.deep.equal(issue(1, 'Issue 1'));
      await mirror.insertOne(issue(2, 'Older title'));
      expect(await mirror.replaceOne({ _id: 'i2' }, issue(2, 'Issue 2'))).to.deep.equal({ matched: 1, modified: 1, upserted: false });
      expect(await mirror.findOne({ _id: 'i2' })).to.equal(await issues.findOne({ _id: 'i2' }));
      // Unequal again: a copy of its own.
      await mirror.replaceOne({ _id: 'i2' }, issue(2, 'Renamed in the mirror only'));
      expect(await mirror.findOne({ _id: 'i2' })).to.not.equal(await issues.findOne({ _id: 'i2' }));
      expect((await mirror.findOne({ _id: 'i2' }))?.title).to.equal('Renamed in the mirror only');
      expect((await issues.findOne({ _id: 'i2' }))?.title).to.equal('Issue 2');
    });

    it('keeps ids apart that a string id and an encoded key could confuse: "1", 1, \'["1"]\', "[1]", ""', async function () {
      const store = new EmbeddedReadModelStore();
      const things = store.collection('things');
      const ids: unknown[] = ['1', 1, '["1"]', '[1]', '', null];
      for (const [index, _id] of ids.entries()) await things.insertOne({ _id, index });
      for (const [index, _id] of ids.entries()) {
        expect(await things.find({ _id })).to.deep.equal([{ _id, index }]);
        expect(await things.find({ _id: { $in: [_id] } })).to.deep.equal([{ _id, index }]);
      }
      await expectDuplicateKey(things.insertOne({ _id: '[1]' }), 'things', '_id_');
      expect(await things.deleteOne({ _id: '["1"]' })).to.equal(1);
      expect((await things.find({}, { sort: { index: 1 } })).map((thing) => thing.index)).to.deep.equal([0, 1, 3, 4, 5]);
    });

    it('applies an updateMany refused by a unique index to no document at all', async function () {
      const store = new EmbeddedReadModelStore();
      const users = store.collection('users');
      await users.createIndexes([{ name: 'login_unique', keys: { login: 1 }, unique: true }]);
      for (const login of ['a', 'b', 'c']) await users.insertOne({ _id: login, login, plan: 'free' });
      await expectDuplicateKey(users.updateMany({}, { $set: { login: 'same', plan: 'pro' } }), 'users', 'login_unique');
      expect(await users.find({}, { sort: { _id: 1 } })).to.deep.equal(['a', 'b', 'c'].map((login) => ({ _id: login, login, plan: 'free' })));
      expect((await users.findOne({ login: 'b' }))?._id).to.equal('b');
      await users.insertOne({ _id: 'd', login: 'same' });
      await expectDuplicateKey(users.insertOne({ _id: 'e', login: 'a' }), 'users', 'login_unique');
    });

    it('enforces a unique index over every element of an array field, as MongoDB does', async function () {
      const store = new EmbeddedReadModelStore();
      const emails = store.collection('emails');
      await emails.createIndexes([{ name: 'address_unique', keys: { 'addresses.email': 1 }, unique: true }]);
      await emails.insertOne({ _id: 'u1', addresses: [{ email: 'a@x' }, { email: 'b@x' }] });
      await expectDuplicateKey(emails.insertOne({ _id: 'u2', addresses: [{ email: 'b@x' }] }), 'emails', 'address_unique');
      await emails.insertOne({ _id: 'u3', addresses: [{ email: 'c@x' }] });
      expect((await emails.findOne({ 'addresses.email': 'b@x' }))?._id).to.equal('u1');
    });

    it('rejects invalid collection names', function () {
      const store = new EmbeddedReadModelStore();
      for (const name of ['', 'a$b', 'system.users']) expect(() => store.collection(name)).to.throw(/invalid collection name/);
    });
  });
});
