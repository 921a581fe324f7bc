import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import { GHOST_ACCOUNT } from '../../../application/accounts/ghostAccount.js';
import { legacyNodeId } from '../../../domain/shared/nodeId.js';
import type { ApiUrls } from '../shared/apiUrls.js';
import { githubTime } from '../shared/githubTime.js';
import { EncodingCache, PerBaseUrlCache } from '../shared/encodingCache.js';

export type SimpleUser = Readonly<ReturnType<typeof buildSimpleUser>>;

// A simple-user depends on five values only (base URL, id, login, type, site_admin) and is
// embedded in most answers (owners, authors, assignees, members), so each account's is
// built once per base URL and shared, frozen. Built afresh, its thirteen URLs are strings
// joined from pieces that JSON.stringify must flatten on every answer.
const simpleUsers = new PerBaseUrlCache<number, SimpleUser>();

// GitHub's simple-user: the shape embedded wherever an account is referenced.
export function simpleUser(user: UserDocument, urls: ApiUrls): SimpleUser {
  return simpleUsers.kept(
    urls,
    user.id,
    () => buildSimpleUser(user, urls),
    (kept) => kept.login === user.login && kept.type === user.type && kept.site_admin === user.site_admin,
  );
}

// The account an embed's id names, where the id is always set when the embed is (an author,
// a creator, who closed or merged): its simple-user, or the ghost's once the account was
// deleted, as GitHub attributes a deleted user's contributions. An embed whose id is not set
// (no assignee, not merged) stays null at its call site.
export function embeddedAccount(user: UserDocument | null | undefined, urls: ApiUrls): SimpleUser {
  return simpleUser(user ?? GHOST_ACCOUNT, urls);
}

function buildSimpleUser(user: UserDocument, urls: ApiUrls) {
  const userPath = `/users/${user.login}`;
  return {
    login: user.login,
    id: user.id,
    node_id: legacyNodeId(user.type, user.id),
    avatar_url: urls.html(`/avatars/u/${user.id}`),
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
    // GitHub's marker of how much of an account the body shows
    user_view_type: 'public',
    site_admin: user.site_admin,
  };
}

export type PublicUser = Readonly<ReturnType<typeof buildPublicUser>>;

const publicUsers = new EncodingCache<UserDocument, PublicUser>(buildPublicUser);

// GitHub's public-user: GET /users/{username}, kept per stored document (encodingCache.ts).
export function publicUser(user: UserDocument, urls: ApiUrls): PublicUser {
  return publicUsers.encoded(user, urls);
}

// One literal with every field: copying the shared simple-user into it with Object.assign
// or a spread leaves V8 with a slow dictionary-mode object (measured at thirty times the
// cost of the whole encoding).
function buildPublicUser(user: UserDocument, urls: ApiUrls) {
  const simple = simpleUser(user, urls);
  return {
    login: simple.login,
    id: simple.id,
    node_id: simple.node_id,
    avatar_url: simple.avatar_url,
    gravatar_id: simple.gravatar_id,
    url: simple.url,
    html_url: simple.html_url,
    followers_url: simple.followers_url,
    following_url: simple.following_url,
    gists_url: simple.gists_url,
    starred_url: simple.starred_url,
    subscriptions_url: simple.subscriptions_url,
    organizations_url: simple.organizations_url,
    repos_url: simple.repos_url,
    events_url: simple.events_url,
    received_events_url: simple.received_events_url,
    type: simple.type,
    user_view_type: simple.user_view_type,
    site_admin: simple.site_admin,
    name: user.name,
    company: user.company,
    blog: user.blog,
    location: user.location,
    // only an email the user made public, as on GitHub
    email: user.email_public === true ? user.email : null,
    hireable: user.hireable,
    bio: user.bio,
    twitter_username: user.twitter_username,
    public_repos: user.public_repos,
    public_gists: user.public_gists,
    followers: user.followers,
    following: user.following,
    created_at: githubTime(user.created_at),
    updated_at: githubTime(user.updated_at),
  };
}

// GitHub's private-user: GET /user, the caller's own account with its private counters.
export function privateUser(user: UserDocument, urls: ApiUrls, extra: { twoFactorAuthentication: boolean }) {
  return Object.assign(buildPublicUser(user, urls), {
    user_view_type: 'private',
    // the account itself sees its own address
    email: user.email,
    notification_email: user.email,
    private_gists: 0,
    // the private repositories the user owns (GitHub counts the same two for a user's own)
    total_private_repos: user.owned_private_repos ?? 0,
    owned_private_repos: user.owned_private_repos ?? 0,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: extra.twoFactorAuthentication,
    plan: { name: 'enterprise', space: 976562499, collaborators: 0, private_repos: 9999 },
  });
}
