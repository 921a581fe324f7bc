import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// GitHub: a token without repo or the organization scopes still reads what an anonymous caller
// reads (public projects), on every projects read route alike.
describe('HTTP projects: a token without scopes reads as anonymous', () => {
  let server: TestServer;
  let mona: string;
  let scopeless: string;
  const paths: string[] = [];
  const call = (authorization: string | null, method: string, path: string, body?: unknown) => projectCall(server, authorization, method, path, body);
  const project = async (authorization: string, path: string, name: string, isPrivate: boolean) => {
    const created = await call(authorization, 'POST', path, { name });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    if (!path.startsWith('/repos/')) expect((await call(authorization, 'PATCH', `/projects/${created.body.id}`, { private: isPrivate })).status).to.equal(200);
    return created.body.id as number;
  };

  before(async () => {
    server = await startTestServer();
    mona = await createUser(server, 'mona');
    const boss = await createUser(server, 'boss');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    await createRepository(server, boss, { name: 'docs' }, '/orgs/acme/repos');
    const open = await project(boss, '/orgs/acme/projects', 'Open roadmap', false);
    await project(boss, '/orgs/acme/projects', 'Private roadmap', true);
    await project(mona, '/user/projects', 'Mona in public', false);
    await project(mona, '/user/projects', 'Mona in private', true);
    await project(boss, '/repos/acme/docs/projects', 'Docs board', false);
    const column = (await call(boss, 'POST', `/projects/${open}/columns`, { name: 'To do' })).body.id;
    const card = (await call(boss, 'POST', `/projects/columns/${column}/cards`, { note: 'Write it' })).body.id;
    const token = await api(server, mona, 'POST', '/authorizations', { scopes: [], note: 'no scopes' });
    expect(token.status).to.equal(201);
    scopeless = `token ${token.body.token}`;
    paths.push(
      `/projects/${open}`,
      `/projects/${open}/columns`,
      `/projects/columns/${column}`,
      `/projects/columns/${column}/cards`,
      `/projects/columns/cards/${card}`,
      '/users/mona/projects',
      '/orgs/acme/projects',
      '/repos/acme/docs/projects',
    );
  });
  after(() => server.close());

  it('answers every public read as it answers an anonymous caller', async () => {
    for (const path of paths) {
      const anonymous = await call(null, 'GET', path);
      expect(anonymous.status, path).to.equal(200);
      const withToken = await call(scopeless, 'GET', path);
      expect(withToken.status, `${path}: ${JSON.stringify(withToken.body)}`).to.equal(200);
      expect(withToken.body, path).to.deep.equal(anonymous.body);
    }
    const names = (await call(scopeless, 'GET', '/orgs/acme/projects')).body.map((one: { name: string }) => one.name);
    expect(names).to.deep.equal(['Open roadmap']);
    // Its own private project too stays out of sight without repo: public access only.
    expect((await call(scopeless, 'GET', '/users/mona/projects')).body.map((one: { name: string }) => one.name)).to.deep.equal(['Mona in public']);
  });

  it('still refuses a change, and a read no anonymous caller may make', async () => {
    const open = paths[0]!;
    const renamed = await call(scopeless, 'PATCH', open, { name: 'Renamed' });
    expect(renamed.status).to.equal(404);
    expect((await call(null, 'GET', open)).body.name).to.equal('Open roadmap');
    expect((await call(scopeless, 'GET', `${open}/collaborators`)).status).to.equal(404);
  });
});

// GitHub's scopes for classic projects: repo or project manage a user's and an organization's
// projects, write:org (admin:org) an organization's, read:org and read:project read them;
// public_repo reaches repository projects only.
describe('HTTP projects: token scopes cap the role on organization and user projects', () => {
  let server: TestServer;
  let boss: string;
  let mona: string;
  let orgPrivate: number;
  let monaPrivate: number;
  const call = (authorization: string | null, method: string, path: string, body?: unknown) => projectCall(server, authorization, method, path, body);
  const token = async (owner: string, scopes: string[]) => {
    const created = await api(server, owner, 'POST', '/authorizations', { scopes, note: `scopes ${scopes.join(' ')} ${Math.random()}` });
    expect(created.status).to.equal(201);
    return `token ${created.body.token}`;
  };

  before(async () => {
    server = await startTestServer();
    boss = await createUser(server, 'boss');
    mona = await createUser(server, 'mona');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    orgPrivate = (await call(boss, 'POST', '/orgs/acme/projects', { name: 'Secret roadmap' })).body.id;
    expect((await call(boss, 'PATCH', `/projects/${orgPrivate}`, { private: true })).status).to.equal(200);
    monaPrivate = (await call(mona, 'POST', '/user/projects', { name: 'Diary' })).body.id;
    expect((await call(mona, 'PATCH', `/projects/${monaPrivate}`, { private: true })).status).to.equal(200);
  });
  after(() => server.close());

  it('public_repo reaches neither a private organization project nor a private user project', async () => {
    for (const [owner, id] of [
      [boss, orgPrivate],
      [mona, monaPrivate],
    ] as const) {
      const publicRepo = await token(owner, ['public_repo']);
      expect((await call(publicRepo, 'GET', `/projects/${id}`)).status).to.equal(404);
      expect((await call(publicRepo, 'PATCH', `/projects/${id}`, { body: 'via public_repo' })).status).to.equal(404);
      expect((await call(publicRepo, 'POST', `/projects/${id}/columns`, { name: 'leak' })).status).to.equal(404);
      expect((await call(publicRepo, 'GET', `/projects/${id}/collaborators`)).status).to.equal(404);
      expect((await call(owner, 'GET', `/projects/${id}`)).body.body).to.equal(null);
      expect((await call(owner, 'GET', `/projects/${id}/columns`)).body).to.deep.equal([]);
    }
  });

  it('read:org reads an organization project and changes nothing; write:org, admin:org, repo and project change it', async () => {
    const readOrg = await token(boss, ['read:org']);
    expect((await call(readOrg, 'GET', `/projects/${orgPrivate}`)).body.name).to.equal('Secret roadmap');
    // Refused by the scope table, as every change a token's scopes do not reach: 404.
    const refused = await call(readOrg, 'PATCH', `/projects/${orgPrivate}`, { body: 'read only' });
    expect(refused.status).to.equal(404);
    expect(refused.body.message).to.equal('Not Found');
    for (const scope of ['write:org', 'admin:org', 'repo', 'project']) {
      const changed = await call(await token(boss, [scope]), 'PATCH', `/projects/${orgPrivate}`, { body: `by ${scope}` });
      expect(changed.status, scope).to.equal(200);
      expect(changed.body.body).to.equal(`by ${scope}`);
    }
  });

  it("a repository's project: a token without repo or public_repo reads it and changes nothing (404, as in the repository)", async () => {
    await createRepository(server, boss, { name: 'site' }, '/orgs/acme/repos');
    const board = (await call(boss, 'POST', '/repos/acme/site/projects', { name: 'Site board' })).body;
    const adminOrg = await token(boss, ['admin:org']);
    expect((await call(adminOrg, 'GET', `/projects/${board.id}`)).body.name).to.equal('Site board');
    const refused = await call(adminOrg, 'POST', `/projects/${board.id}/columns`, { name: 'No' });
    expect([refused.status, refused.body.message]).to.deep.equal([404, 'Not Found']);
    expect((await call(await token(boss, ['public_repo']), 'POST', `/projects/${board.id}/columns`, { name: 'Yes' })).status).to.equal(201);
    expect((await call(boss, 'GET', `/projects/${board.id}/columns`)).body.map((column: { name: string }) => column.name)).to.deep.equal(['Yes']);
  });

  it("a site administrator's token is capped by its scopes as anyone's", async () => {
    const publicRepo = await token(server.adminAuthorization, ['public_repo']);
    expect((await call(publicRepo, 'GET', `/projects/${orgPrivate}`)).status).to.equal(404);
    expect((await call(publicRepo, 'PATCH', `/projects/${orgPrivate}`, { name: 'Taken over' })).status).to.equal(404);
    await createRepository(server, boss, { name: 'vault', private: true }, '/orgs/acme/repos');
    const vaultBoard = (await call(boss, 'POST', '/repos/acme/vault/projects', { name: 'Vault board' })).body;
    const readOrg = await token(server.adminAuthorization, ['read:org']);
    expect((await api(server, readOrg, 'GET', '/repos/acme/vault')).status).to.equal(404);
    expect((await call(readOrg, 'GET', `/projects/${vaultBoard.id}`)).status).to.equal(404);
    expect((await call(await token(server.adminAuthorization, ['repo']), 'GET', `/projects/${vaultBoard.id}`)).body.permissions).to.deep.equal({
      read: true,
      write: true,
      admin: true,
    });
    expect((await call(boss, 'GET', `/projects/${orgPrivate}`)).body.name).to.equal('Secret roadmap');
  });

  // GitHub's recordings (@octokit/fixtures project-cards) name public_repo and repo on every
  // card operation; what lets a token through stays the board owner's scopes.
  it("a card's operations name public_repo and repo, and project still manages a user's board's cards", async () => {
    const project = await token(mona, ['project']);
    const board = (await call(mona, 'POST', '/user/projects', { name: 'Errands' })).body.id;
    expect((await call(mona, 'PATCH', `/projects/${board}`, { private: true })).status).to.equal(200);
    const column = await call(project, 'POST', `/projects/${board}/columns`, { name: 'Cards' });
    expect(column.status).to.equal(201);
    const created = await call(project, 'POST', `/projects/columns/${column.body.id}/cards`, { note: 'by project' });
    expect([created.status, created.body.note]).to.deep.equal([201, 'by project']);
    expect(created.headers.get('x-accepted-oauth-scopes')).to.equal('public_repo, repo');
    const card = `/projects/columns/cards/${created.body.id}`;
    for (const [method, path, body, status] of [
      ['GET', `/projects/columns/${column.body.id}/cards`, undefined, 200],
      ['GET', card, undefined, 200],
      ['PATCH', card, { note: 'edited' }, 200],
      ['POST', `${card}/moves`, { position: 'top' }, 201],
      ['DELETE', card, undefined, 204],
    ] as const) {
      const answer = await call(project, method, path, body);
      expect(answer.status, `${method} ${path}`).to.equal(status);
      expect(answer.headers.get('x-accepted-oauth-scopes'), `${method} ${path}`).to.equal('public_repo, repo');
    }
    const refused = await call(await token(mona, ['gist']), 'GET', `/projects/columns/${column.body.id}/cards`);
    expect(refused.status).to.equal(404);
    expect(refused.headers.get('x-accepted-oauth-scopes')).to.equal('public_repo, repo');
    // The board's own operations name every scope they accept.
    const read = await call(project, 'GET', `/projects/${board}`);
    expect(read.headers.get('x-accepted-oauth-scopes')).to.equal('repo, public_repo, project, read:project, read:org, write:org, admin:org');
  });

  it('a user project: admin:org reaches nothing, read:project reads, repo and project manage', async () => {
    expect((await call(await token(mona, ['admin:org']), 'GET', `/projects/${monaPrivate}`)).status).to.equal(404);
    const readProject = await token(mona, ['read:project']);
    expect((await call(readProject, 'GET', `/projects/${monaPrivate}`)).body.name).to.equal('Diary');
    expect((await call(readProject, 'POST', `/projects/${monaPrivate}/columns`, { name: 'No' })).status).to.equal(404);
    for (const scope of ['repo', 'project']) {
      const column = await call(await token(mona, [scope]), 'POST', `/projects/${monaPrivate}/columns`, { name: `By ${scope}` });
      expect(column.status, scope).to.equal(201);
    }
    expect((await call(mona, 'GET', `/projects/${monaPrivate}/columns`)).body.map((column: { name: string }) => column.name)).to.deep.equal([
      'By repo',
      'By project',
    ]);
  });
});
