import { expect } from 'chai';
import { IssueQueries } from '../../application/issues/issue.queries.js';
import { IssueList } from '../../application/issues/issueList.query.js';
import {
  ISSUE_COMMENTS_COLLECTION,
  ISSUES_COLLECTION,
  LABELS_COLLECTION,
  MILESTONES_COLLECTION,
  milestoneSortKeys,
} from '../../application/issues/issues.readModel.js';
import { PullRequestQueries } from '../../application/pulls/pullRequest.queries.js';
import { PULL_REQUESTS_COLLECTION } from '../../application/pulls/pullRequests.readModel.js';
import { ORG_MEMBERSHIPS_COLLECTION } from '../../application/accounts/organizations.readModel.js';
import { REPOSITORY_COLLABORATORS_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { RepositoryQueries } from '../../application/repositories/repository.queries.js';
import { AuthorAssociations } from '../../application/shared/access/authorAssociations.query.js';
import { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { at, BIG, examinedBy, PAGE, PAGE_WORK, seeded } from './pageCostStore.js';

describe('page costs of the issues area: a request tests what its page touches, not the repository', function () {
  let store: EmbeddedReadModelStore;

  before(async function () {
    this.timeout(60_000);
    store = await seeded();
  });

  const work = <T>(collection: string, read: () => Promise<T>) => examinedBy(store, collection, read);

  it('labels: a page of a repository with 3,000 labels, and labels by id', async function () {
    const issues = new IssueQueries(store);
    const page = await work(LABELS_COLLECTION, () => issues.pagedLabels(1, PAGE));
    expect(page.answer.totalCount).to.equal(BIG);
    expect(page.answer.items.map((label) => label.repository_id)).to.deep.equal(Array(30).fill(1));
    expect(page.tested).to.be.at.most(PAGE_WORK);
    const byIds = await work(LABELS_COLLECTION, () => issues.labelsByIds([BIG + 7, 2 * BIG + 9, BIG + 7]));
    expect(byIds.answer.map((label) => label.id)).to.deep.equal([BIG + 7, 2 * BIG + 9, BIG + 7]);
    expect(byIds.tested).to.be.at.most(2);
  });

  it("issue authors' association: the authors looked up, not the repository's 3,000 collaborators", async function () {
    const repositories = new RepositoryQueries(store);
    const found = await work(REPOSITORY_COLLABORATORS_COLLECTION, () => repositories.collaboratorIdsAmong(1, [5, 6, 5, BIG + 50]));
    expect([...found.answer].sort()).to.deep.equal([5, 6]);
    expect(found.tested).to.be.at.most(3);
  });

  it("a page's author_association on an organization's repository: the page's authors' memberships, not the organization's 3,000", async function () {
    // Organization 9001's members: every tenth an owner, every third public.
    const repository = { id: 1, owner_id: 9001, owner_type: 'Organization' } as RepositoryDocument;
    const authors = Array.from({ length: 30 }, (_, n) => n + 1);
    const associations = new AuthorAssociations(store, new RepositoryQueries(store));
    const decided = await work(ORG_MEMBERSHIPS_COLLECTION, () =>
      associations.of(
        { userId: 2, siteAdmin: false },
        [...authors, ...authors].map((userId) => ({ repository, userId })),
      ),
    );
    // Looked up: the 30 authors' memberships and the viewer's own.
    expect(decided.tested).to.be.at.most(31);
    // The viewer is a member: owners and concealed members are MEMBER too.
    expect(authors.map((userId) => decided.answer(repository, userId))).to.deep.equal(authors.map(() => 'MEMBER'));
  });

  it('the open pull request between two branches: among the head branch open ones, not all 3,000 from the head repository', async function () {
    const pulls = new PullRequestQueries(store);
    const open = await work(PULL_REQUESTS_COLLECTION, () => pulls.openBetween(1, 'main', 2, 'feature'));
    expect(open.answer).to.equal(true);
    expect(open.tested).to.equal(1);
    expect((await pulls.openBetween(1, 'main', 2, 'feature', BIG)) as boolean).to.equal(false);
  });

  it("pull requests by head branch: that branch's pull requests, not the walk of the repository's 3,000 in each state", async function () {
    const pulls = new PullRequestQueries(store);
    const list = (state: 'open' | 'closed' | 'all', ref: string, page = 1) =>
      work(PULL_REQUESTS_COLLECTION, () =>
        pulls.list(1, { state, head: { repositoryIds: [2], ref }, sort: 'created', direction: 'desc', page, perPage: PAGE.perPage }),
      );
    for (const state of ['all', 'open', 'closed'] as const) {
      const feature = await list(state, 'feature');
      expect(
        feature.answer.items.map((pull) => pull.number),
        state,
      ).to.deep.equal(state === 'closed' ? [] : [BIG]);
      expect(feature.answer.totalCount, state).to.equal(state === 'closed' ? 0 : 1);
      expect(feature.tested, state).to.be.at.most(2);
    }
    // A branch of 429 closed pull requests: those, newest first, page 3.
    const topic = await list('all', 'topic-3', PAGE.page);
    const numbers = Array.from({ length: BIG - 1 }, (_, n) => n)
      .filter((n) => n % 7 === 3)
      .map((n) => n + 1)
      .reverse();
    expect(topic.answer.items.map((pull) => pull.number)).to.deep.equal(numbers.slice(60, 90));
    expect(topic.answer.totalCount).to.equal(numbers.length);
    // Each state's run of the branch read to the end of the page, from the ordered index
    // (repository × head repository × head ref × state × sort), not the branch's 429.
    expect(topic.tested).to.be.at.most(2 * PAGE_WORK);
    // By update, oldest first, and from two head repositories (one of them with none): the same walk.
    const updated = await work(PULL_REQUESTS_COLLECTION, () =>
      pulls.list(1, {
        state: 'closed',
        head: { repositoryIds: [3, 2], ref: 'topic-3' },
        sort: 'updated',
        direction: 'asc',
        page: PAGE.page,
        perPage: PAGE.perPage,
      }),
    );
    expect(updated.answer.items.map((pull) => pull.number)).to.deep.equal([...numbers].reverse().slice(60, 90));
    expect(updated.answer.totalCount).to.equal(numbers.length);
    expect(updated.tested).to.be.at.most(2 * PAGE_WORK);
  });

  it('issues of every state, by updated or comments: the open and closed runs merged, page for page as sorted whole', async function () {
    const issues = new IssueQueries(store);
    for (const [sort, key] of [
      [{ updated_at: -1, number: -1 }, (n: number) => [at((n * 7919) % BIG), n + 1]],
      [{ comments: 1, number: 1 }, (n: number) => [(n * 31) % 17, n + 1]],
    ] as const) {
      const page = await work(ISSUES_COLLECTION, () => issues.pagedIssues({ repository_id: 2 }, sort, PAGE));
      const direction = Object.values(sort)[0]!;
      const whole = Array.from({ length: BIG }, (_, n) => n).sort((a, b) => {
        const [left, right] = [key(a), key(b)];
        return (left[0] === right[0] ? (left[1] as number) - (right[1] as number) : left[0]! < right[0]! ? -1 : 1) * direction;
      });
      expect(page.answer.items.map((issue) => issue.number)).to.deep.equal(whole.slice(60, 90).map((n) => n + 1));
      expect(page.answer.totalCount).to.equal(BIG);
      // Each state's run read to the end of the page, and the count from the index.
      expect(page.tested).to.be.at.most(2 * PAGE_WORK);
    }
  });

  it("an issue by number; a repository's issues and comments from a number or id on (the migration exporter's files)", async function () {
    const byNumber = await work(ISSUES_COLLECTION, () => new IssueQueries(store).issueByNumber(2, 1234));
    expect(byNumber.answer!.id).to.equal(2 * BIG + 1233);
    expect(byNumber.tested).to.equal(1);
    const issues = await work(ISSUES_COLLECTION, () =>
      store.collection(ISSUES_COLLECTION).find({ repository_id: 1, number: { $gt: BIG - 100 } }, { sort: { number: 1 }, limit: 30 }),
    );
    expect(issues.answer.map((issue) => issue.number)).to.deep.equal(Array.from({ length: 30 }, (_, i) => BIG - 99 + i));
    expect(issues.tested).to.equal(30);
    const comments = await work(ISSUE_COMMENTS_COLLECTION, () =>
      store.collection(ISSUE_COMMENTS_COLLECTION).find({ repository_id: 1, id: { $gt: 2 * BIG - 100 } }, { sort: { id: 1 }, limit: 30 }),
    );
    expect(comments.answer.map((comment) => comment.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 2 * BIG - 99 + i));
    expect(comments.tested).to.equal(30);
  });

  it('issues by creator or by milestone, newest first: page and count from the index', async function () {
    const issues = new IssueQueries(store);
    for (const [filter, expected] of [
      [{ user_id: 4 }, (n: number) => n % 10 === 3],
      [{ milestone_id: 77 }, (n: number) => n % 5 === 0],
    ] as const) {
      const page = await work(ISSUES_COLLECTION, () =>
        issues.pagedIssues({ repository_id: 2, state: 'open', ...filter }, { created_at: -1, number: -1 }, { page: 2, perPage: 30 }),
      );
      const whole = Array.from({ length: BIG }, (_, n) => BIG - 1 - n).filter((n) => expected(n) && n % 3 !== 0);
      expect(page.answer.items.map((issue) => issue.number)).to.deep.equal(whole.slice(30, 60).map((n) => n + 1));
      expect(page.answer.totalCount).to.equal(whole.length);
      expect(page.tested).to.be.at.most(60);
    }
  });

  it('milestones by due date or completeness, either way, one state or all: the page from the index, ties by number', async function () {
    // Repository 5's 3,000 milestones (every seventh undated, every third closed), and as many of repository 6.
    const due = (n: number) => (n % 7 === 0 ? null : at((n * 7919) % 500));
    const counts = (n: number) => ({ open_issues: n % 4, closed_issues: (n * 13) % 5 });
    const milestones = store.collection(MILESTONES_COLLECTION);
    for (let n = 0; n < BIG; n++)
      for (const repository of [5, 6]) {
        const document = {
          _id: String(repository * BIG + n),
          id: repository * BIG + n,
          repository_id: repository,
          number: n + 1,
          state: n % 3 === 0 ? 'closed' : 'open',
          due_on: due(n),
          ...counts(n),
        };
        await milestones.insertOne({ ...document, ...milestoneSortKeys(document) });
      }
    const issues = new IssueQueries(store);
    for (const sort of ['due_on', 'completeness'] as const)
      for (const direction of ['asc', 'desc'] as const)
        for (const state of ['open', 'closed', 'all'] as const) {
          const page = await work(MILESTONES_COLLECTION, () => issues.pagedMilestones(5, { state, sort, direction }, PAGE));
          // As the list was sorted before: the whole repository's, in memory.
          const key = (n: number) => {
            const { open_issues, closed_issues } = counts(n);
            if (sort === 'completeness') return open_issues + closed_issues === 0 ? 0 : closed_issues / (open_issues + closed_issues);
            return due(n) === null ? Number.POSITIVE_INFINITY : Date.parse(due(n)!);
          };
          const whole = Array.from({ length: BIG }, (_, n) => n)
            .filter((n) => state === 'all' || (state === 'closed') === (n % 3 === 0))
            .sort((a, b) => (key(a) === key(b) ? a - b : (key(a) < key(b) ? -1 : 1) * (direction === 'asc' ? 1 : -1)));
          expect(
            page.answer.items.map((milestone) => milestone.number),
            `${sort} ${direction} ${state}`,
          ).to.deep.equal(whole.slice(60, 90).map((n) => n + 1));
          expect(page.answer.totalCount).to.equal(whole.length);
          expect(page.tested).to.be.at.most(2 * PAGE_WORK);
        }
  });

  it('issues by a label, by labels, by an assignee, newest first: from the multikey index, not the repository', async function () {
    const issues = new IssueQueries(store);
    const open = (n: number) => n % 3 !== 0;
    for (const [filter, expected, countWork] of [
      // One label or an assignee: the page walks their issues, the count is kept by the index.
      [{ label_ids: 501 }, (n: number) => n % 4 <= 1, 0],
      [{ assignee_ids: 7 }, (n: number) => n % 6 === 0, 0],
      // Two labels: the first label's issues walked (half of them have both), counted by walking them.
      [{ label_ids: { $all: [501, 502] } }, (n: number) => n % 4 === 0, BIG / 2],
    ] as const) {
      const page = await work(ISSUES_COLLECTION, () =>
        issues.pagedIssues({ repository_id: 2, state: 'open', ...filter }, { created_at: -1, number: -1 }, { page: 2, perPage: 30 }),
      );
      const whole = Array.from({ length: BIG }, (_, n) => BIG - 1 - n).filter((n) => expected(n) && open(n));
      expect(page.answer.items.map((issue) => issue.number)).to.deep.equal(whole.slice(30, 60).map((n) => n + 1));
      expect(page.answer.totalCount).to.equal(whole.length);
      expect(page.tested, JSON.stringify(filter)).to.be.at.most(2 * 60 + 5 + countWork);
    }
  });

  it('issues mentioning a user, newest first or by another sort: from the multikey index of the mentions kept, not every text of the repository', async function () {
    const list = new IssueList(new IssueQueries(store), new RepositoryQueries(store));
    const mentioning = Array.from({ length: BIG }, (_, n) => BIG - 1 - n).filter((n) => n % 6 === 1);
    const newest = await examinedBy(store, ISSUES_COLLECTION, async () => {
      const comments = await work(ISSUE_COMMENTS_COLLECTION, () =>
        list.list(2, { state: 'open', sort: 'created', direction: 'desc', mentioned: 'u8' }, { page: 2, perPage: 30 }),
      );
      expect(comments.tested, 'comments read').to.equal(0);
      return comments.answer;
    });
    expect(newest.answer.items.map((issue) => issue.number)).to.deep.equal(mentioning.slice(30, 60).map((n) => n + 1));
    expect(newest.answer.totalCount).to.equal(mentioning.length);
    expect(newest.tested).to.be.at.most(2 * 60 + 5);
    // By update: the open issues walked in that order, each tested, until the page is found.
    const updated = await work(ISSUES_COLLECTION, () =>
      list.list(2, { state: 'open', sort: 'updated', direction: 'desc', mentioned: 'u8' }, { page: 2, perPage: 30 }),
    );
    const byUpdate = [...mentioning].sort((a, b) => ((a * 7919) % BIG < (b * 7919) % BIG ? 1 : -1));
    expect(updated.answer.items.map((issue) => issue.number)).to.deep.equal(byUpdate.slice(30, 60).map((n) => n + 1));
    expect(updated.answer.totalCount).to.equal(mentioning.length);
    expect(updated.tested).to.be.at.most(BIG / 3);
  });

  it('comments since an instant: those updated since, not every comment of the repository', async function () {
    const since = at(BIG - 100);
    const page = await work(ISSUE_COMMENTS_COLLECTION, () =>
      new IssueQueries(store).pagedComments({ repository_id: 2 }, since, 'desc', { page: 2, perPage: 30 }),
    );
    const updatedSince = Array.from({ length: BIG }, (_, n) => n).filter((n) => (n * 7919) % BIG >= BIG - 100);
    const newestFirst = updatedSince.reverse().map((n) => 2 * BIG + n);
    expect(page.answer.items.map((comment) => comment.id)).to.deep.equal(newestFirst.slice(30, 60));
    expect(page.answer.totalCount).to.equal(100);
    expect(page.tested).to.be.at.most(100);
  });

  it('pull requests by base branch, newest or most recently updated first: page and count from the index', async function () {
    for (const sort of ['created', 'updated'] as const) {
      const page = await work(PULL_REQUESTS_COLLECTION, () =>
        new PullRequestQueries(store).list(1, { state: 'closed', base: 'release', sort, direction: 'desc', page: 2, perPage: 10 }),
      );
      const whole = Array.from({ length: BIG }, (_, n) => BIG - 1 - n).filter((n) => n % 50 === 0 && n !== BIG - 1);
      expect(
        page.answer.items.map((pull) => pull.number),
        sort,
      ).to.deep.equal(whole.slice(10, 20).map((n) => n + 1));
      expect(page.answer.totalCount, sort).to.equal(whole.length);
      expect(page.tested, sort).to.be.at.most(20);
    }
  });
});
