import { expect } from 'chai';
import { ISSUE_COMMENTS_COLLECTION } from '../../../application/issues/issues.readModel.js';
import { commentTextMatches } from '../../../application/search/issueCommentMatches.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { issuesProjection } from '../../../projections/issues/issues.projection.js';
import { examinedBy } from '../pageCostStore.js';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

// An issue's comments as the issues index joins them; matches are positions in that text.
describe('commentTextMatches', () => {
  let store: EmbeddedReadModelStore;
  const bodies = Array.from({ length: 300 }, (_, n) =>
    n === 2 ? 'the zebra crossing' : n === 5 ? 'Zebra again' : n === 299 ? 'a late okapi' : `comment ${n}`,
  );
  const joined = bodies.join('\n\n');
  const positionsOf = (word: string) => [...joined.matchAll(new RegExp(word, 'gi'))].map((match) => ({ start: match.index!, length: word.length }));

  beforeEach(async () => {
    store = new EmbeddedReadModelStore();
    const comments = store.collection(ISSUE_COMMENTS_COLLECTION);
    await comments.createIndexes(issuesProjection.collections.find((collection) => collection.name === ISSUE_COMMENTS_COLLECTION)!.indexes!);
    for (const [n, body] of bodies.entries())
      await comments.insertOne({
        _id: String(n + 1),
        id: n + 1,
        issue_id: 7,
        repository_id: 1,
        user_id: 1,
        body,
        reactions: {},
        created_at: at(n),
        updated_at: at(n),
      });
  });

  it('names each comment holding a match, with positions in its own body', async () => {
    const found = await commentTextMatches(store, 7, joined, positionsOf('zebra'));
    expect(found).to.deep.equal([
      { property: 'body', text: 'the zebra crossing', matches: [{ start: 4, length: 5 }], subject: { type: 'IssueComment', id: 3 } },
      { property: 'body', text: 'Zebra again', matches: [{ start: 0, length: 5 }], subject: { type: 'IssueComment', id: 6 } },
    ]);
  });

  it('reads the comments as far as the last match only', async () => {
    const { tested } = await examinedBy(store, ISSUE_COMMENTS_COLLECTION, () => commentTextMatches(store, 7, joined, positionsOf('zebra')));
    expect(tested).to.be.at.most(50);
  });

  it('a match in the last of 300 comments: each comment read once, not the earlier pages again for every page', async () => {
    const { tested, answer } = await examinedBy(store, ISSUE_COMMENTS_COLLECTION, () => commentTextMatches(store, 7, joined, positionsOf('okapi')));
    expect(answer.map((text) => text.subject?.id)).to.deep.equal([300]);
    expect(tested).to.be.at.most(300 + 10);
  });

  it('comments made at one instant are each read once, in id order', async () => {
    // Every comment stamped with the same time (an import): the cursor moves by id within it.
    for (let n = 0; n < bodies.length; n++)
      await store.collection(ISSUE_COMMENTS_COLLECTION).updateOne({ _id: String(n + 1) }, { $set: { created_at: at(0) } });
    const found = await commentTextMatches(store, 7, joined, [...positionsOf('zebra'), ...positionsOf('okapi')]);
    expect(found.map((text) => text.subject?.id)).to.deep.equal([3, 6, 300]);
  });

  it('leaves out a match the live comment no longer holds', async () => {
    await store.collection(ISSUE_COMMENTS_COLLECTION).updateOne({ _id: '3' }, { $set: { body: 'the horse crossing' } });
    const found = await commentTextMatches(store, 7, joined, positionsOf('zebra'));
    expect(found.map((text) => text.subject?.id)).to.deep.equal([6]);
  });
});
