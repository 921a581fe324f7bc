import type {
  ActivityAccount,
  ActivityEventDocument,
  PullRequestSnapshot,
  RepositorySnapshot,
  StoredPayload,
} from '../../../application/activity/activity.readModel.js';
import type { CommitRangeStats } from '../../../application/shared/ports/gitStorage.port.js';
import type { PushedCommit } from '../../../domain/gitdata/refMoved.js';
import { simpleUser } from '../accounts/users.encoders.js';
import { issueCommentJson, issueJson, labelJson, type RepositoryPaths } from '../issues/issues.encoders.js';
import { pullRequest } from '../pulls/pullRequest.encoders.js';
import { minimalRepository } from '../repositories/repository.encoders.js';
import { githubTime } from '../shared/githubTime.js';
import type { ApiUrls } from '../shared/apiUrls.js';

// Which repositories embedded in a payload (a forkee, a pull request's head) the caller may
// see: the same decision as reading them on their own; the others are shown as null.
export type EmbeddedRepositoryFilter = (repositoryId: number) => boolean;

// GitHub's actor: the account as it was named when the event happened.
function actorJson(account: ActivityAccount, urls: ApiUrls) {
  return {
    id: account.id,
    login: account.login,
    display_login: account.login,
    gravatar_id: '',
    url: urls.api(`/users/${account.login}`),
    avatar_url: urls.html(`/avatars/u/${account.id}`),
  };
}

// The event's organization: an actor without display_login, as GitHub's events show it.
function orgJson(account: ActivityAccount, urls: ApiUrls) {
  return { id: account.id, login: account.login, gravatar_id: '', url: urls.api(`/orgs/${account.login}`), avatar_url: urls.html(`/avatars/u/${account.id}`) };
}

// A forkee: the repository, and (as GitHub's fork payloads add) whether it is public.
function forkeeJson(snapshot: RepositorySnapshot, urls: ApiUrls) {
  return { ...minimalRepository(snapshot.repository, snapshot.owner, urls, null), public: !snapshot.repository.private };
}

function pullRequestJson(snapshot: PullRequestSnapshot, urls: ApiUrls, visible: EmbeddedRepositoryFilter, stats: CommitRangeStats | null) {
  const head = snapshot.head && visible(snapshot.head.repository.id) ? snapshot.head : null;
  return pullRequest(
    {
      pull: snapshot.pull,
      user: snapshot.user,
      mergedBy: snapshot.mergedBy,
      base: snapshot.base,
      head,
      // A head not shown (its fork deleted, or not readable) is still its owner's, as
      // GET /pulls/{number} answers it: head.repo null, head.user and head.label the owner's
      // as the event's snapshot names them.
      deletedHeadOwner: head === null ? (snapshot.head?.owner ?? null) : null,
      headSha: snapshot.pull.head.sha,
      baseSha: snapshot.pull.base.sha,
      authorAssociation: snapshot.association,
      stats,
      comments: snapshot.comments ?? 0,
      locked: snapshot.locked ?? false,
      activeLockReason: snapshot.active_lock_reason ?? null,
      labels: snapshot.labels ?? [],
      assignees: snapshot.assignees ?? [],
      milestone: snapshot.milestone ?? null,
    },
    urls,
  );
}

function commitJson(commit: PushedCommit, paths: RepositoryPaths) {
  return {
    sha: commit.sha,
    author: { email: commit.author.email, name: commit.author.name },
    message: commit.message,
    distinct: commit.distinct ?? true,
    url: paths.urls.api(`/repos/${paths.fullName}/commits/${commit.sha}`),
  };
}

// The event types whose payloads GitHub sends without an `action` (the stored payload names
// one for every type, so that events are told apart alike inside forgelog).
const WITHOUT_ACTION = new Set(['PushEvent', 'CreateEvent', 'DeleteEvent', 'ForkEvent', 'PublicEvent']);

// The stored payload with its snapshots encoded as GitHub encodes the objects they are.
function payloadJson(
  type: string,
  payload: StoredPayload,
  paths: RepositoryPaths,
  visible: EmbeddedRepositoryFilter,
  stats: CommitRangeStats | null,
): Record<string, unknown> {
  const { urls } = paths;
  const json: Record<string, unknown> = {};
  const withoutAction = WITHOUT_ACTION.has(type);
  for (const [field, value] of Object.entries(payload)) {
    switch (field) {
      case 'action':
        if (!withoutAction) json.action = value;
        break;
      case 'issue': {
        const { issue, users, labels, milestone, association } = payload.issue!;
        json.issue = issueJson(issue, { users: new Map(users.map((user) => [user.id, user])), labels, milestone, association }, paths);
        break;
      }
      case 'comment': {
        const { comment, user, issueNumber, association } = payload.comment!;
        const pullRequest = payload.issue?.issue.pull_request !== undefined;
        json.comment = issueCommentJson(comment, { number: issueNumber, pullRequest }, user, association, paths);
        break;
      }
      case 'pull_request':
        json.pull_request = pullRequestJson(payload.pull_request!, urls, visible, stats);
        break;
      case 'forkee':
        json.forkee = visible(payload.forkee!.repository.id) ? forkeeJson(payload.forkee!, urls) : null;
        break;
      case 'member':
      case 'assignee':
        json[field] = simpleUser(value as Parameters<typeof simpleUser>[0], urls);
        break;
      case 'label':
        json.label = labelJson(payload.label!, paths);
        break;
      case 'commits':
        json.commits = (value as PushedCommit[]).map((commit) => commitJson(commit, paths));
        break;
      default:
        json[field] = value;
    }
  }
  return json;
}

// GitHub's event record. `numbers`: git's commits, additions, deletions and changed files of
// the pull requests embedded, by record id (PullRequestNumbers).
export function activityEventJson(
  record: ActivityEventDocument,
  urls: ApiUrls,
  visible: EmbeddedRepositoryFilter,
  numbers: ReadonlyMap<number, CommitRangeStats> = new Map(),
) {
  return {
    id: String(record.id),
    type: record.type,
    actor: actorJson(record.actor, urls),
    repo: { id: record.repo.id, name: record.repo.name, url: urls.api(`/repos/${record.repo.name}`) },
    ...(record.org ? { org: orgJson(record.org, urls) } : {}),
    payload: payloadJson(record.type, record.payload, { fullName: record.repo.name, urls }, visible, numbers.get(record.id) ?? null),
    public: record.public,
    created_at: githubTime(record.created_at),
  };
}
