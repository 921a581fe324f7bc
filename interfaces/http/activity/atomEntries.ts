import type { ApiUrls } from '../shared/apiUrls.js';

// An event as activityEventJson encodes it, as far as a feed entry reads it.
export interface FeedEvent {
  readonly id: string;
  readonly type: string;
  readonly actor: { readonly login: string; readonly avatar_url: string };
  readonly repo: { readonly name: string };
  readonly payload: Record<string, unknown>;
  readonly created_at: string;
}

export interface AtomEntry {
  readonly title: string;
  // The web page the entry is about.
  readonly link: string;
}

const field = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

// The branch or tag a ref names (refs/heads/main -> main).
const shortRef = (ref: string): string => ref.replace(/^refs\/(heads|tags)\//, '');

// GitHub's dashboard sentences: what the actor did, and where ("octocat opened issue
// octocat/hello#1"). An event type forgelog does not word is named as it is.
export function atomEntry(event: FeedEvent, urls: ApiUrls): AtomEntry {
  const { actor, repo, payload } = event;
  const repository = urls.html(`/${repo.name}`);
  const numbered = (kind: string, number: unknown) => `${kind} ${repo.name}#${text(number)}`;
  switch (event.type) {
    case 'PushEvent':
      return {
        title: `${actor.login} pushed to ${shortRef(text(payload.ref))} at ${repo.name}`,
        link: urls.html(`/${repo.name}/commits/${text(payload.head)}`),
      };
    case 'CreateEvent':
      return payload.ref_type === 'repository'
        ? { title: `${actor.login} created a repository ${repo.name}`, link: repository }
        : {
            title: `${actor.login} created ${text(payload.ref_type)} ${text(payload.ref)} at ${repo.name}`,
            link: urls.html(`/${repo.name}/tree/${text(payload.ref)}`),
          };
    case 'DeleteEvent':
      return { title: `${actor.login} deleted ${text(payload.ref_type)} ${text(payload.ref)} at ${repo.name}`, link: repository };
    case 'IssuesEvent':
      return {
        title: `${actor.login} ${text(payload.action)} ${numbered('issue', field(payload.issue, 'number'))}`,
        link: text(field(payload.issue, 'html_url')) || repository,
      };
    case 'IssueCommentEvent': {
      const kind = field(payload.issue, 'pull_request') === undefined ? 'issue' : 'pull request';
      return {
        title: `${actor.login} commented on ${numbered(kind, field(payload.issue, 'number'))}`,
        link: text(field(payload.comment, 'html_url')) || repository,
      };
    }
    case 'PullRequestEvent': {
      const merged = payload.action === 'closed' && field(payload.pull_request, 'merged') === true;
      const action = merged ? 'merged' : text(payload.action);
      return {
        title: `${actor.login} ${action} ${numbered('pull request', payload.number)}`,
        link: text(field(payload.pull_request, 'html_url')) || repository,
      };
    }
    case 'WatchEvent':
      return { title: `${actor.login} starred ${repo.name}`, link: repository };
    case 'ForkEvent': {
      // A forkee the reader may not see is null in the payload: the entry does not name it.
      const forkee = text(field(payload.forkee, 'full_name'));
      return forkee
        ? { title: `${actor.login} forked ${repo.name} to ${forkee}`, link: urls.html(`/${forkee}`) }
        : { title: `${actor.login} forked ${repo.name}`, link: repository };
    }
    case 'MemberEvent':
      return { title: `${actor.login} ${text(payload.action)} ${text(field(payload.member, 'login'))} to ${repo.name}`, link: repository };
    case 'PublicEvent':
      return { title: `${actor.login} made ${repo.name} public`, link: repository };
    default:
      return { title: `${actor.login} ${event.type} at ${repo.name}`, link: repository };
  }
}
