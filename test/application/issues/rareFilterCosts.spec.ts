import { expect } from 'chai';
import { IssueQueries } from '../../../application/issues/issue.queries.js';
import { ISSUES_COLLECTION } from '../../../application/issues/issues.readModel.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { issuesProjection } from '../../../projections/issues/issues.projection.js';
import { at, BIG, examinedBy, PAGE_WORK } from '../pageCostStore.js';

const RARE_LABEL = 900;
const RARE_ASSIGNEE = 50;
const RARE_CREATOR = 60;
const RARE_MILESTONE = 70;
// Every 500th issue holds the rare values: six of 3,000.
const rare = (n: number) => n % 500 === 7;

// A repository's issues by one label, assignee, creator or milestone, in an order their own
// indexes do not keep (updated, comments): a rare value's few issues are read through its index
// and sorted, not found along a walk of the repository's 3,000 issues in that order.
describe("issues filtered by a rare label, assignee, creator or milestone, sorted by update or comments: that value's issues, not the repository's", function () {
  let store: EmbeddedReadModelStore;

  before(async function () {
    this.timeout(60_000);
    store = new EmbeddedReadModelStore();
    for (const collection of issuesProjection.collections)
      if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
    for (let n = 0; n < BIG; n++)
      await store.collection(ISSUES_COLLECTION).insertOne({
        _id: String(n + 1),
        id: n + 1,
        repository_id: 1,
        number: n + 1,
        state: n % 3 === 0 ? 'closed' : 'open',
        created_at: at(n),
        updated_at: at((n * 7919) % BIG),
        comments: (n * 31) % 17,
        user_id: rare(n) ? RARE_CREATOR : 1 + (n % 10),
        milestone_id: rare(n) ? RARE_MILESTONE : null,
        label_ids: rare(n) ? [RARE_LABEL, 501] : [501],
        assignee_ids: rare(n) ? [RARE_ASSIGNEE] : [],
      });
  });

  it('each rare filter, each state, by updated and by comments: the same page as sorted whole, testing a handful', async function () {
    const issues = new IssueQueries(store);
    const rareNumbers = Array.from({ length: BIG }, (_, n) => n).filter(rare);
    for (const pinned of [{ label_ids: RARE_LABEL }, { assignee_ids: RARE_ASSIGNEE }, { user_id: RARE_CREATOR }, { milestone_id: RARE_MILESTONE }])
      for (const state of [undefined, 'open', 'closed'] as const)
        for (const [sort, key] of [
          [{ updated_at: -1, number: -1 }, (n: number) => [at((n * 7919) % BIG), n + 1] as const],
          [{ comments: 1, number: 1 }, (n: number) => [(n * 31) % 17, n + 1] as const],
        ] as const) {
          const filter = { repository_id: 1, ...pinned, ...(state === undefined ? {} : { state }) };
          const { tested, answer } = await examinedBy(store, ISSUES_COLLECTION, () => issues.pagedIssues(filter, sort, { page: 1, perPage: 4 }));
          const direction = Object.values(sort)[0]!;
          const wanted = rareNumbers
            .filter((n) => state === undefined || (n % 3 === 0 ? 'closed' : 'open') === state)
            .sort((a, b) => {
              const [left, right] = [key(a), key(b)];
              return (left[0] === right[0] ? left[1] - right[1] : left[0] < right[0] ? -1 : 1) * direction;
            });
          const label = JSON.stringify({ filter, sort });
          expect(
            answer.items.map((issue) => issue.number),
            label,
          ).to.deep.equal(wanted.slice(0, 4).map((n) => n + 1));
          expect(answer.totalCount, label).to.equal(wanted.length);
          expect(tested, label).to.be.at.most(2 * rareNumbers.length);
        }
  });

  it('a common value still walks the order to the end of the page', async function () {
    const { tested, answer } = await examinedBy(store, ISSUES_COLLECTION, () =>
      new IssueQueries(store).pagedIssues({ repository_id: 1, label_ids: 501, state: 'open' }, { updated_at: -1, number: -1 }, { page: 3, perPage: 30 }),
    );
    expect(answer.totalCount).to.equal(BIG - BIG / 3);
    expect(tested).to.be.at.most(PAGE_WORK + 60);
  });
});
