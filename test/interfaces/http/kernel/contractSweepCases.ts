import { CLOAK, INERTIA, MERCY, WYANDOTTE } from './contractSweepWorld.js';

// More answers per area than the sweep's own steps: refusals the subset declares a body for,
// and other shapes of a success (a symlink, a submodule, text matches), each answered on the
// sweep's world (contractSweepWorld.ts; ada/ported with no import yet): method, OpenAPI path,
// status, URL, body, who asks ('anonymous' or ada), media type.
export type Case = readonly [string, string, number, string, unknown?, 'anonymous'?, string?];

const TEXT_MATCH = 'application/vnd.github.text-match+json';
const NO_SHA = '0123456789012345678901234567890123456789';
const git = '/repos/ada/world/git';

export const CASES: Readonly<Record<string, readonly Case[]>> = {
  authorizations: [
    ['post', '/authorizations', 401, '/authorizations', { note: 'x' }, 'anonymous'],
    ['post', '/authorizations', 422, '/authorizations', { scopes: ['no-such-scope'], note: 'refused' }],
    ['get', '/authorizations', 401, '/authorizations', undefined, 'anonymous'],
    ['put', '/authorizations/clients/{client_id}', 422, '/authorizations/clients/unknown', { client_secret: 'wrong' }],
    ['put', '/authorizations/clients/{client_id}/{fingerprint}', 422, '/authorizations/clients/unknown/laptop', { client_secret: 'wrong' }],
    ['get', '/applications/grants', 401, '/applications/grants', undefined, 'anonymous'],
  ],
  activity: [['get', '/networks/{owner}/{repo}/events', 404, '/networks/ada/nothing/events']],
  gitData: [
    ['post', '/repos/{owner}/{repo}/git/blobs', 422, `${git}/blobs`, { content: 'x', encoding: 'utf-16' }],
    ['post', '/repos/{owner}/{repo}/git/blobs', 404, '/repos/ada/nothing/git/blobs', { content: 'x' }],
    ['get', '/repos/{owner}/{repo}/git/blobs/{file_sha}', 404, `${git}/blobs/${NO_SHA}`],
    ['post', '/repos/{owner}/{repo}/git/commits', 422, `${git}/commits`, { message: 'm', tree: NO_SHA }],
    ['get', '/repos/{owner}/{repo}/git/commits/{commit_sha}', 404, `${git}/commits/${NO_SHA}`],
    ['get', '/repos/{owner}/{repo}/git/ref/{ref}', 404, `${git}/ref/heads/nothing`],
    ['post', '/repos/{owner}/{repo}/git/refs', 422, `${git}/refs`, { ref: 'refs/heads/main', sha: NO_SHA }],
    ['patch', '/repos/{owner}/{repo}/git/refs/{ref}', 422, `${git}/refs/heads/main`, { sha: NO_SHA }],
    ['delete', '/repos/{owner}/{repo}/git/refs/{ref}', 422, `${git}/refs/heads/nothing`],
    ['post', '/repos/{owner}/{repo}/git/tags', 422, `${git}/tags`, { tag: 'v0', message: 'm', object: NO_SHA, type: 'commit' }],
    ['get', '/repos/{owner}/{repo}/git/tags/{tag_sha}', 404, `${git}/tags/${NO_SHA}`],
    ['post', '/repos/{owner}/{repo}/git/trees', 422, `${git}/trees`, { tree: [{ path: 'a', mode: '100644', type: 'blob', sha: NO_SHA }] }],
    ['get', '/repos/{owner}/{repo}/git/trees/{tree_sha}', 404, `${git}/trees/${NO_SHA}`],
  ],
  contents: [
    ['get', '/repos/{owner}/{repo}/contents/{path}', 404, '/repos/ada/world/contents/nothing.txt'],
    ['put', '/repos/{owner}/{repo}/contents/{path}', 422, '/repos/ada/world/contents/README.md', { message: 'no sha', content: 'eA==' }],
    ['put', '/repos/{owner}/{repo}/contents/{path}', 409, '/repos/ada/world/contents/README.md', { message: 'stale', content: 'eA==', sha: NO_SHA }],
    ['delete', '/repos/{owner}/{repo}/contents/{path}', 404, '/repos/ada/world/contents/nothing.txt', { message: 'gone', sha: NO_SHA }],
    ['delete', '/repos/{owner}/{repo}/contents/{path}', 409, '/repos/ada/world/contents/README.md', { message: 'stale', sha: NO_SHA }],
    ['get', '/repos/{owner}/{repo}/contents/{path}', 200, '/repos/ada/world/contents/link?ref=odd'],
    ['get', '/repos/{owner}/{repo}/contents/{path}', 200, '/repos/ada/world/contents/vendor/sub?ref=odd'],
    ['get', '/repos/{owner}/{repo}/contents/{path}', 200, '/repos/ada/world/contents/vendor?ref=odd'],
    ['get', '/repos/{owner}/{repo}/contents/{path}', 200, '/repos/ada/world/contents/?ref=odd'],
  ],
  search: [
    ['get', '/search/code', 422, '/search/code'],
    ['get', '/search/commits', 415, '/search/commits?q=sweepword'],
    ['get', '/search/issues', 422, '/search/issues'],
    ['get', '/search/labels', 404, '/search/labels?repository_id=999999&q=bug'],
    ['get', '/search/labels', 422, '/search/labels?q=bug'],
    ['get', '/search/repositories', 422, '/search/repositories'],
    ['get', '/search/topics', 415, '/search/topics?q=sweeping'],
    ['get', '/search/users', 422, '/search/users'],
    ['get', '/search/code', 200, '/search/code?q=sweepword', undefined, undefined, TEXT_MATCH],
    ['get', '/search/commits', 200, '/search/commits?q=sweepword', undefined, undefined, `${CLOAK}, ${TEXT_MATCH}`],
    ['get', '/search/issues', 200, '/search/issues?q=sweepword', undefined, undefined, TEXT_MATCH],
    ['get', '/search/issues', 200, '/search/issues?q=odd+is:pr'],
    ['get', '/search/labels', 200, '/search/labels?repository_id=1&q=sweep', undefined, undefined, TEXT_MATCH],
    ['get', '/search/repositories', 200, '/search/repositories?q=world', undefined, undefined, `${MERCY}, ${TEXT_MATCH}`],
    ['get', '/search/topics', 200, '/search/topics?q=sweeping', undefined, undefined, `${MERCY}, ${TEXT_MATCH}`],
    ['get', '/search/users', 200, '/search/users?q=ada', undefined, undefined, TEXT_MATCH],
  ],
  projects: [
    ['post', '/orgs/{org}/projects', 401, '/orgs/acme/projects', { name: 'x' }, 'anonymous', INERTIA],
    ['post', '/orgs/{org}/projects', 422, '/orgs/acme/projects', { name: '' }, undefined, INERTIA],
    ['post', '/repos/{owner}/{repo}/projects', 404, '/repos/ada/nothing/projects', { name: 'x' }, undefined, INERTIA],
    ['get', '/projects/columns/cards/{card_id}', 404, '/projects/columns/cards/999999', undefined, undefined, INERTIA],
    ['get', '/projects/columns/{column_id}', 404, '/projects/columns/999999', undefined, undefined, INERTIA],
    ['delete', '/projects/{project_id}', 404, '/projects/999999', undefined, undefined, INERTIA],
    ['post', '/user/projects', 401, '/user/projects', { name: 'x' }, 'anonymous', INERTIA],
    ['post', '/user/projects', 415, '/user/projects', { name: 'x' }],
  ],
  migrations: [
    ['post', '/orgs/{org}/migrations', 422, '/orgs/acme/migrations', { repositories: [] }],
    ['post', '/orgs/{org}/migrations', 404, '/orgs/nothing/migrations', { repositories: ['site'] }],
    ['get', '/orgs/{org}/migrations/{migration_id}', 404, '/orgs/acme/migrations/999999', undefined, undefined, WYANDOTTE],
    ['get', '/orgs/{org}/migrations/{migration_id}/archive', 404, '/orgs/acme/migrations/999999/archive', undefined, undefined, WYANDOTTE],
    ['post', '/user/migrations', 422, '/user/migrations', { repositories: [] }],
    ['post', '/user/migrations', 401, '/user/migrations', { repositories: ['ada/world'] }, 'anonymous'],
    ['get', '/user/migrations/{migration_id}', 404, '/user/migrations/999999', undefined, undefined, WYANDOTTE],
    ['get', '/user/migrations/{migration_id}/repositories', 404, '/user/migrations/999999/repositories', undefined, undefined, WYANDOTTE],
  ],
  imports: [
    ['get', '/repos/{owner}/{repo}/import', 404, '/repos/ada/ported/import'],
    ['put', '/repos/{owner}/{repo}/import', 422, '/repos/ada/ported/import', { vcs_url: 'not a url' }],
    ['put', '/repos/{owner}/{repo}/import', 404, '/repos/ada/nothing/import', { vcs_url: 'https://example.com/x.git' }],
    ['get', '/repos/{owner}/{repo}/import/authors', 404, '/repos/ada/ported/import/authors'],
    ['patch', '/repos/{owner}/{repo}/import/authors/{author_id}', 404, '/repos/ada/ported/import/authors/999999', { name: 'x' }],
  ],
};

// The ten Authorizations operations on a server where they are removed, as GitHub's are.
export const AUTHORIZATIONS_REMOVED: readonly Case[] = [
  ['get', '/applications/grants', 404, '/applications/grants'],
  ['get', '/applications/grants/{grant_id}', 404, '/applications/grants/1'],
  ['delete', '/applications/grants/{grant_id}', 404, '/applications/grants/1'],
  ['get', '/authorizations', 404, '/authorizations'],
  ['post', '/authorizations', 404, '/authorizations', { scopes: ['repo'], note: 'removed' }],
  ['put', '/authorizations/clients/{client_id}', 404, '/authorizations/clients/any', { client_secret: 'any' }],
  ['put', '/authorizations/clients/{client_id}/{fingerprint}', 404, '/authorizations/clients/any/laptop', { client_secret: 'any' }],
  ['get', '/authorizations/{authorization_id}', 404, '/authorizations/1'],
  ['patch', '/authorizations/{authorization_id}', 404, '/authorizations/1', { note: 'x' }],
  ['delete', '/authorizations/{authorization_id}', 404, '/authorizations/1'],
];
