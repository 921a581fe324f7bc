import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { PullRequestView, RepositoryWithOwner } from '../../../application/pulls/pullRequestViews.query.js';
import { legacyNodeId } from '../../../domain/shared/nodeId.js';
import { embeddedAccount, simpleUser } from '../accounts/users.encoders.js';
import { labelJson, milestoneJson } from '../issues/issues.encoders.js';
import { embeddedRepository } from '../repositories/repository.encoders.js';
import { githubTime } from '../shared/githubTime.js';
import type { MergeabilityView } from '../../../application/pulls/mergeability.js';
import type { ApiUrls } from '../shared/apiUrls.js';

const time = (iso: string | null): string | null => (iso === null ? null : githubTime(iso));

// GitHub's repository schema, as head.repo and base.repo.
function sideRepository(side: RepositoryWithOwner, urls: ApiUrls) {
  return embeddedRepository(side.repository, side.owner, urls);
}

// A deleted head fork's former owner still names the side (GitHub: head.repo null, head.user
// the account while it exists).
function side(owner: RepositoryWithOwner | null, ref: string, sha: string, urls: ApiUrls, formerOwner: UserDocument | null = null) {
  const account = owner?.owner ?? formerOwner;
  return {
    label: `${account?.login ?? 'unknown'}:${ref}`,
    ref,
    sha,
    user: account ? simpleUser(account, urls) : null,
    // GitHub shows a null repository once the head fork is deleted.
    repo: owner ? sideRepository(owner, urls) : null,
  };
}

// GitHub's pull-request-simple: every item of GET /repos/{owner}/{repo}/pulls.
export function pullRequestSimple(view: PullRequestView, urls: ApiUrls) {
  const { pull, base } = view;
  const fullName = `${base.owner.login}/${base.repository.name}`;
  const api = (suffix: string) => urls.api(`/repos/${fullName}${suffix}`);
  const links = {
    self: api(`/pulls/${pull.number}`),
    html: urls.html(`/${fullName}/pull/${pull.number}`),
    issue: api(`/issues/${pull.number}`),
    comments: api(`/issues/${pull.number}/comments`),
    review_comments: api(`/pulls/${pull.number}/comments`),
    review_comment: api('/pulls/comments{/number}'),
    commits: api(`/pulls/${pull.number}/commits`),
    statuses: api(`/statuses/${view.headSha}`),
  };
  const paths = { fullName, urls };
  const assignees = view.assignees.map((user) => simpleUser(user, urls));
  return {
    url: links.self,
    id: pull.id,
    node_id: legacyNodeId('PullRequest', pull.id),
    html_url: links.html,
    diff_url: `${links.html}.diff`,
    patch_url: `${links.html}.patch`,
    issue_url: links.issue,
    commits_url: links.commits,
    review_comments_url: links.review_comments,
    review_comment_url: links.review_comment,
    comments_url: links.comments,
    statuses_url: links.statuses,
    number: pull.number,
    state: pull.state,
    locked: view.locked,
    title: pull.title,
    user: embeddedAccount(view.user, urls),
    body: pull.body,
    labels: view.labels.map((label) => labelJson(label, paths)),
    milestone: view.milestone ? milestoneJson(view.milestone.milestone, view.milestone.creator, paths) : null,
    active_lock_reason: view.activeLockReason,
    created_at: githubTime(pull.created_at),
    updated_at: githubTime(pull.updated_at),
    closed_at: time(pull.closed_at),
    merged_at: time(pull.merged_at),
    merge_commit_sha: pull.merge_commit_sha,
    assignee: assignees[0] ?? null,
    assignees,
    requested_reviewers: [],
    requested_teams: [],
    head: side(view.head, pull.head.ref, view.headSha, urls, view.deletedHeadOwner),
    base: side(base, pull.base.ref, view.baseSha, urls),
    _links: Object.fromEntries(Object.entries(links).map(([name, href]) => [name, { href }])),
    author_association: view.authorAssociation,
    auto_merge: null,
    draft: pull.draft,
  };
}

// GitHub's pull-request: GET, POST and PATCH of one pull request. `mergeable` comes from the
// background test merge of the current tips (null while it runs: application/pulls/mergeability.ts).
export function pullRequest(view: PullRequestView, urls: ApiUrls, mergeability: MergeabilityView = { mergeable: null, mergeableState: 'unknown' }) {
  const stats = view.stats ?? { commits: 0, additions: 0, deletions: 0, changedFiles: 0 };
  return Object.assign(pullRequestSimple(view, urls), {
    merged: view.pull.merged_at !== null,
    mergeable: view.pull.state === 'open' ? mergeability.mergeable : null,
    rebaseable: null,
    mergeable_state: view.pull.state === 'open' ? mergeability.mergeableState : 'unknown',
    merged_by: view.pull.merged_by_id === null ? null : embeddedAccount(view.mergedBy, urls),
    comments: view.comments,
    review_comments: 0,
    maintainer_can_modify: view.pull.maintainer_can_modify,
    commits: stats.commits,
    additions: stats.additions,
    deletions: stats.deletions,
    changed_files: stats.changedFiles,
  });
}
