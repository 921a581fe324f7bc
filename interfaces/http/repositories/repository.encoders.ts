import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import { visibleForksCount, type RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import type { RepositoryView } from '../../../application/repositories/repository.queries.js';
import { atLeast, type RepositoryPermission } from '../../../domain/shared/access.js';
import { legacyNodeId } from '../../../domain/shared/nodeId.js';
import type { ApiUrls } from '../shared/apiUrls.js';
import { PerBaseUrlCache } from '../shared/encodingCache.js';
import { simpleUser } from '../accounts/users.encoders.js';
import { githubTime } from '../shared/githubTime.js';

// The permissions object GitHub adds for an authenticated caller.
export function permissionsObject(role: RepositoryPermission) {
  return {
    admin: atLeast(role, 'admin'),
    maintain: atLeast(role, 'maintain'),
    push: atLeast(role, 'write'),
    triage: atLeast(role, 'triage'),
    pull: atLeast(role, 'read'),
  };
}

// The forty URLs of a repository depend only on its full name and the base URL: built once
// per repository and base and shared, frozen (fresh, they are strings joined from pieces
// that JSON.stringify must flatten on every answer). A rename gives a new full name.
const repositoryLinksCache = new PerBaseUrlCache<string, RepositoryLinks>();

type RepositoryLinks = Readonly<ReturnType<typeof buildRepositoryLinks>>;

function repositoryLinks(fullName: string, urls: ApiUrls): RepositoryLinks {
  return repositoryLinksCache.kept(urls, fullName, () => buildRepositoryLinks(fullName, urls));
}

function buildRepositoryLinks(fullName: string, urls: ApiUrls) {
  const api = (suffix: string) => urls.api(`/repos/${fullName}${suffix}`);
  return {
    url: api(''),
    archive_url: api('/{archive_format}{/ref}'),
    assignees_url: api('/assignees{/user}'),
    blobs_url: api('/git/blobs{/sha}'),
    branches_url: api('/branches{/branch}'),
    collaborators_url: api('/collaborators{/collaborator}'),
    comments_url: api('/comments{/number}'),
    commits_url: api('/commits{/sha}'),
    compare_url: api('/compare/{base}...{head}'),
    contents_url: api('/contents/{+path}'),
    contributors_url: api('/contributors'),
    deployments_url: api('/deployments'),
    downloads_url: api('/downloads'),
    events_url: api('/events'),
    forks_url: api('/forks'),
    git_commits_url: api('/git/commits{/sha}'),
    git_refs_url: api('/git/refs{/sha}'),
    git_tags_url: api('/git/tags{/sha}'),
    git_url: `git://${urls.hostname}/${fullName}.git`,
    issue_comment_url: api('/issues/comments{/number}'),
    issue_events_url: api('/issues/events{/number}'),
    issues_url: api('/issues{/number}'),
    keys_url: api('/keys{/key_id}'),
    labels_url: api('/labels{/name}'),
    languages_url: api('/languages'),
    merges_url: api('/merges'),
    milestones_url: api('/milestones{/number}'),
    notifications_url: api('/notifications{?since,all,participating}'),
    pulls_url: api('/pulls{/number}'),
    releases_url: api('/releases{/id}'),
    ssh_url: `git@${urls.hostname}:${fullName}.git`,
    stargazers_url: api('/stargazers'),
    statuses_url: api('/statuses/{sha}'),
    subscribers_url: api('/subscribers'),
    subscription_url: api('/subscription'),
    tags_url: api('/tags'),
    teams_url: api('/teams'),
    trees_url: api('/git/trees{/sha}'),
    clone_url: urls.html(`/${fullName}.git`),
    mirror_url: null,
    hooks_url: api('/hooks'),
    svn_url: urls.html(`/${fullName}`),
  };
}

// GitHub's minimal-repository: the item of every repository list.
export function minimalRepository(repository: RepositoryDocument, owner: UserDocument, urls: ApiUrls, role: RepositoryPermission | null, openIssues = 0) {
  const fullName = `${owner.login}/${repository.name}`;
  return Object.assign(
    {
      id: repository.id,
      node_id: legacyNodeId('Repository', repository.id),
      name: repository.name,
      full_name: fullName,
      private: repository.private,
      owner: simpleUser(owner, urls),
      html_url: urls.html(`/${fullName}`),
      description: repository.description,
      fork: repository.fork,
    },
    repositoryLinks(fullName, urls),
    {
      homepage: repository.homepage,
      language: null,
      forks_count: visibleForksCount(repository),
      stargazers_count: repository.stargazers_count,
      // GitHub's legacy "watchers" are stargazers; people watching are subscribers_count.
      watchers_count: repository.stargazers_count,
      size: 0,
      default_branch: repository.default_branch,
      open_issues_count: openIssues,
      is_template: false,
      topics: repository.topics,
      has_issues: repository.has_issues,
      has_projects: repository.has_projects,
      has_wiki: repository.has_wiki,
      has_pages: false,
      has_downloads: true,
      has_discussions: false,
      archived: repository.archived,
      disabled: false,
      visibility: repository.private ? 'private' : 'public',
      pushed_at: githubTime(repository.pushed_at),
      created_at: githubTime(repository.created_at),
      updated_at: githubTime(repository.updated_at),
      ...(role === null ? {} : { permissions: permissionsObject(role) }),
      ...(role === null ? {} : { role_name: role }),
      license: null,
      forks: visibleForksCount(repository),
      open_issues: openIssues,
      watchers: repository.stargazers_count,
      // GitHub's defaults for what forgelog has no setting for yet
      has_pull_requests: true,
      pull_request_creation_policy: 'all',
      temp_clone_token: '',
      allow_forking: true,
      web_commit_signoff_required: false,
      delete_branch_on_merge: repository.delete_branch_on_merge ?? false,
      custom_properties: {},
    },
  );
}

// The merge settings GitHub shows on a full repository and on the repository schema (a
// pull request's head and base, a fork's parent): its defaults, until they can be changed.
export const MERGE_SETTINGS = {
  allow_rebase_merge: true,
  allow_squash_merge: true,
  allow_auto_merge: false,
  allow_merge_commit: true,
  allow_update_branch: false,
  use_squash_pr_title_as_default: false,
  squash_merge_commit_title: 'COMMIT_OR_PR_TITLE',
  squash_merge_commit_message: 'COMMIT_MESSAGES',
  merge_commit_title: 'MERGE_MESSAGE',
  merge_commit_message: 'PR_TITLE',
} as const;

// GitHub's repository schema, embedded in pull requests (head and base).
export function embeddedRepository(repository: RepositoryDocument, owner: UserDocument, urls: ApiUrls) {
  return Object.assign(minimalRepository(repository, owner, urls, null), MERGE_SETTINGS);
}

// GitHub's repository schema, as parent and source inside a full repository.
function relatedRepository(related: { repository: RepositoryDocument; owner: UserDocument }, urls: ApiUrls) {
  return embeddedRepository(related.repository, related.owner, urls);
}

// GitHub's full-repository: GET /repos/{owner}/{repo} and every create, edit and fork.
export function fullRepository(view: RepositoryView, urls: ApiUrls, role: RepositoryPermission | null) {
  const { repository, owner } = view;
  return Object.assign(minimalRepository(repository, owner, urls, role, view.openIssues), MERGE_SETTINGS, {
    subscribers_count: repository.subscribers_count,
    network_count: visibleForksCount(view.source?.repository ?? repository),
    ...(owner.type === 'Organization' ? { organization: simpleUser(owner, urls) } : {}),
    ...(view.parent ? { parent: relatedRepository(view.parent, urls) } : {}),
    ...(view.source ? { source: relatedRepository(view.source, urls) } : {}),
  });
}
