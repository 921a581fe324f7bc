import { expect } from 'chai';
import type { ReadModelStore } from '../../../application/shared/ports/readModelStore.port.js';
import type { ReadModelStoreContext } from './readModelStore.contract.js';
import { expectDuplicateKey, rejection } from './readModelStoreTestSupport.js';

async function listedWith(store: ReadModelStore, prefix: string): Promise<string[]> {
  return (await store.listCollections()).filter((name) => name.startsWith(prefix));
}

export function describeCollectionLifecycleContract(context: ReadModelStoreContext): void {
  describe('collections', function () {
    const prefix = () => context.collectionName('');

    it('lists a collection once something is written to it', async function () {
      const store = context.store();
      store.collection(context.collectionName('untouched'));
      expect(await listedWith(store, prefix())).to.deep.equal([]);
      await store.collection(context.collectionName('b_feed')).insertOne({ _id: 'e1' });
      await store.collection(context.collectionName('a_indexed')).createIndexes([{ name: 'by_x', keys: { x: 1 } }]);
      expect(await listedWith(store, prefix())).to.deep.equal([context.collectionName('a_indexed'), context.collectionName('b_feed')]);
    });

    it('drops a collection with its documents and indexes, and ignores an absent one', async function () {
      const store = context.store();
      const name = context.collectionName('grants');
      const grants = store.collection(name);
      await grants.createIndexes([{ name: 'token_unique', keys: { token_hash: 1 }, unique: true }]);
      await grants.insertOne({ _id: 'g1', token_hash: 'h' });
      await store.dropCollection(name);
      await store.dropCollection(context.collectionName('never_created'));
      expect(await listedWith(store, prefix())).to.deep.equal([]);
      expect(await grants.count({})).to.equal(0);
      await grants.insertOne({ _id: 'g2', token_hash: 'h' });
      await grants.insertOne({ _id: 'g3', token_hash: 'h' });
      expect(await grants.count({ token_hash: 'h' })).to.equal(2);
    });

    it('renames a rebuilt collection over the live one: handles by name see the new documents', async function () {
      const store = context.store();
      const live = context.collectionName('projects');
      const rebuilt = context.collectionName('projects_rebuild');
      const liveHandle = store.collection(live);
      await liveHandle.insertOne({ _id: 'old', name: 'stale' });
      await store.collection(rebuilt).createIndexes([{ name: 'name_unique', keys: { name: 1 }, unique: true }]);
      await store.collection(rebuilt).insertOne({ _id: 'new', name: 'fresh' });
      await store.renameCollection(rebuilt, live);
      expect(await liveHandle.find({})).to.deep.equal([{ _id: 'new', name: 'fresh' }]);
      expect(await listedWith(store, prefix())).to.deep.equal([live]);
      expect(await store.collection(rebuilt).count({})).to.equal(0);
      await expectDuplicateKey(liveHandle.insertOne({ _id: 'dup', name: 'fresh' }), live, 'name_unique');
    });

    it('renames to a name that is free', async function () {
      const store = context.store();
      await store.collection(context.collectionName('draft')).insertOne({ _id: 'd1' });
      await store.renameCollection(context.collectionName('draft'), context.collectionName('final'));
      expect(await store.collection(context.collectionName('final')).find({})).to.deep.equal([{ _id: 'd1' }]);
      expect(await listedWith(store, prefix())).to.deep.equal([context.collectionName('final')]);
    });

    it('refuses to rename a collection that does not exist and keeps the target', async function () {
      const store = context.store();
      const target = context.collectionName('target');
      await store.collection(target).insertOne({ _id: 't1' });
      expect(await rejection(store.renameCollection(context.collectionName('missing'), target))).to.be.instanceOf(Error);
      expect(await store.collection(target).find({})).to.deep.equal([{ _id: 't1' }]);
    });
  });
}
