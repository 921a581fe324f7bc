import { expect } from 'chai';
import { ISSUE_COMMENTS_COLLECTION, ISSUES_COLLECTION, LABELS_COLLECTION } from '../../../application/issues/issues.readModel.js';
import type { Collection, Document } from '../../../application/shared/ports/readModelStore.port.js';
import type { ProjectionTarget } from '../../../application/shared/projections/projection.js';
import { REPOSITORIES_COLLECTION } from '../../../application/repositories/repositories.readModel.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';
import { applyHelpWanted, HELP_WANTED_ISSUES_COLLECTION } from '../../../projections/search/helpWantedIssues.js';
import { issueSearchDocument } from '../../../projections/search/issueSearchDocument.js';
import { storedEvent } from '../../support/projectionSpec.js';

// The reads of a collection a target hands out, by collection name.
function readCountingTarget(store: EmbeddedReadModelStore): { target: ProjectionTarget; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const counted = <T extends Document>(name: string, inner: Collection<T>): Collection<T> =>
    new Proxy(inner, {
      get(collection, property, receiver) {
        const value = Reflect.get(collection, property, receiver) as unknown;
        if (typeof value !== 'function') return value;
        if (property === 'find' || property === 'findOne' || property === 'count') reads.set(name, (reads.get(name) ?? 0) + 1);
        return (value as (...args: unknown[]) => unknown).bind(collection);
      },
    });
  const target: ProjectionTarget = {
    collection: <T extends Document>(name: string) => counted(name, store.collection<T>(name)),
    search: new EmbeddedSearchIndex(),
    searchIndexName: (name) => name,
  };
  return { target, reads };
}

const issue = (id: number, comments: number): Document => ({
  _id: String(id),
  id,
  repository_id: 7,
  number: id,
  title: 'An issue',
  body: null,
  state: 'open',
  locked: false,
  user_id: 1,
  assignee_ids: [],
  label_ids: [],
  milestone_id: null,
  comments,
  reactions: { total_count: 0 },
  created_at: '2026-11-22T10:00:00Z',
});

// A replay reads what an issue's opening can have changed: an issue opened has no comment and
// no count of it kept yet (each was looked for, for every issue of the log).
describe('an issue opened: the search projections read only what it can have', () => {
  it('its search document reads comments only where the issue counts some', async () => {
    const store = new EmbeddedReadModelStore();
    await store.collection(REPOSITORIES_COLLECTION).insertOne({ _id: '7', id: 7, owner_id: 1, private: false, archived: false, has_issues: true });
    await store.collection(ISSUES_COLLECTION).insertOne(issue(1, 0));
    await store.collection(ISSUES_COLLECTION).insertOne(issue(2, 1));
    await store
      .collection(ISSUE_COMMENTS_COLLECTION)
      .insertOne({ _id: '50', id: 50, issue_id: 2, user_id: 3, body: 'a comment', created_at: '2026-11-22T10:01:00Z' });
    const { target, reads } = readCountingTarget(store);
    const none = await issueSearchDocument(target, '1');
    expect(none).to.include({ comments_text: '', comments: 0 });
    expect(reads.get(ISSUE_COMMENTS_COLLECTION) ?? 0).to.equal(0);
    const one = await issueSearchDocument(target, '2');
    expect(one).to.include({ comments_text: 'a comment', comments: 1 });
    expect(one?.commenter_ids).to.deep.equal([3]);
    expect(reads.get(ISSUE_COMMENTS_COLLECTION)).to.equal(1);
  });

  it("the help-wanted count does not look for the issue's flag at its opening, and does after", async () => {
    const store = new EmbeddedReadModelStore();
    await store.collection(ISSUES_COLLECTION).insertOne(issue(1, 0));
    const { target, reads } = readCountingTarget(store);
    expect(await applyHelpWanted(storedEvent('issue-1', 0, 'IssueOpened', { issueId: 1, repositoryId: 7, labelIds: [] }), target)).to.equal(null);
    expect(reads.get(HELP_WANTED_ISSUES_COLLECTION) ?? 0).to.equal(0);
    // Opened without labels: not even the issue is read.
    expect(reads.get(ISSUES_COLLECTION) ?? 0).to.equal(0);
    expect(await applyHelpWanted(storedEvent('issue-1', 1, 'IssueClosed', { issueId: 1, repositoryId: 7 }), target)).to.equal(null);
    expect(reads.get(HELP_WANTED_ISSUES_COLLECTION)).to.equal(1);
  });

  it('an issue opened with the label counts at once', async () => {
    const store = new EmbeddedReadModelStore();
    await store.collection(LABELS_COLLECTION).insertOne({ _id: '9', id: 9, repository_id: 7, name: 'help wanted', name_key: 'help wanted' });
    await store.collection(ISSUES_COLLECTION).insertOne({ ...issue(1, 0), label_ids: [9] });
    const { target } = readCountingTarget(store);
    expect(await applyHelpWanted(storedEvent('issue-1', 0, 'IssueOpened', { issueId: 1, repositoryId: 7, labelIds: [9] }), target)).to.equal(7);
    expect(await store.collection(HELP_WANTED_ISSUES_COLLECTION).find({})).to.have.length(1);
  });
});
