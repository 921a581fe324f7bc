import { expect } from 'chai';
import { readModelsIn } from '../../../support/projectionSpec.js';
import { runCli } from '../../../support/runCli.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { expectSchema } from '../../../support/schemas.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

describe('HTTP repositories: rename and transfer redirects, audit, rebuild', () => {
  let server: TestServer;
  let octocat: string;
  let hubot: string;
  let repositoryId: number;
  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    repositoryId = (await createRepository(server, octocat, { name: 'old-name', description: 'moves around' })).id;
  });
  after(async () => server.close());

  it('a rename answers the old name with 301 to the new URL, sub-resources and query included', async () => {
    const renamed = await api(server, octocat, 'PATCH', '/repos/octocat/old-name', { name: 'new-name' });
    expect(renamed.status).to.equal(200);
    expect(renamed.body).to.include({ id: repositoryId, name: 'new-name', full_name: 'octocat/new-name' });
    const moved = await api(server, null, 'GET', '/repos/octocat/old-name');
    expect(moved.status).to.equal(301);
    expect(moved.headers.get('location')).to.equal(`${server.url}/repos/octocat/new-name`);
    expect(moved.body).to.include({ message: 'Moved Permanently', url: `${server.url}/repos/octocat/new-name` });
    const sub = await api(server, null, 'GET', '/repos/octocat/OLD-NAME/topics?per_page=5');
    expect(sub.status).to.equal(301);
    expect(sub.headers.get('location')).to.equal(`${server.url}/repos/octocat/new-name/topics?per_page=5`);
    const deep = await api(server, null, 'GET', '/repos/octocat/old-name/issues/1/comments');
    expect(deep.headers.get('location')).to.equal(`${server.url}/repos/octocat/new-name/issues/1/comments`);
    // fetch follows the redirect as any client would.
    const followed = await fetch(`${server.url}/repos/octocat/old-name`);
    expect(followed.status).to.equal(200);
    expect((await followed.json()).full_name).to.equal('octocat/new-name');
  });

  it('answers other methods at the old name with 307, so the client repeats the method', async () => {
    const patched = await api(server, octocat, 'PATCH', '/repos/octocat/old-name', { description: 'x' });
    expect(patched.status).to.equal(307);
    expect(patched.headers.get('location')).to.equal(`${server.url}/repos/octocat/new-name`);
  });

  it('holds the new name and frees the old one; a new repository at the old name ends the redirect', async () => {
    expect((await api(server, octocat, 'POST', '/user/repos', { name: 'NEW-NAME' })).status).to.equal(422);
    const reused = await createRepository(server, octocat, { name: 'old-name' });
    const read = await api(server, null, 'GET', '/repos/octocat/old-name');
    expect(read.status).to.equal(200);
    expect(read.body.id).to.equal(reused.id);
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/old-name')).status).to.equal(204);
    expect((await api(server, null, 'GET', '/repos/octocat/old-name')).status).to.equal(404);
  });

  it('a transfer answers 202 and redirects the old owner path; the name moves to the new owner', async () => {
    const transferred = await api(server, octocat, 'POST', '/repos/octocat/new-name/transfer', { new_owner: 'hubot' });
    expect(transferred.status).to.equal(202);
    expectSchema('minimal-repository', transferred.body);
    expect(transferred.body).to.include({ id: repositoryId, full_name: 'hubot/new-name' });
    const moved = await api(server, null, 'GET', '/repos/octocat/new-name/forks');
    expect(moved.status).to.equal(301);
    expect(moved.headers.get('location')).to.equal(`${server.url}/repos/hubot/new-name/forks`);
    expect((await api(server, hubot, 'POST', '/user/repos', { name: 'new-name' })).status).to.equal(422);
    expect((await api(server, octocat, 'POST', '/user/repos', { name: 'new-name' })).status).to.equal(201);
    expect((await api(server, null, 'GET', '/repos/octocat/new-name')).status).to.equal(200);
    // The former owner is no longer an administrator.
    expect((await api(server, octocat, 'PATCH', '/repos/hubot/new-name', { description: 'mine' })).status).to.equal(403);
  });

  it('refuses transfers by non-administrators (403), to unknown owners (422) and onto a taken name (422)', async () => {
    expect((await api(server, octocat, 'POST', '/repos/hubot/new-name/transfer', { new_owner: 'octocat' })).status).to.equal(403);
    const unknown = await api(server, hubot, 'POST', '/repos/hubot/new-name/transfer', { new_owner: 'nobody-at-all' });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.errors[0]).to.include({ resource: 'Repository', field: 'new_owner', code: 'invalid' });
    const taken = await api(server, hubot, 'POST', '/repos/hubot/new-name/transfer', { new_owner: 'octocat' });
    expect(taken.status).to.equal(422);
    expect(taken.body.errors[0]).to.include({ field: 'name', code: 'already_exists' });
    expect((await api(server, hubot, 'POST', '/repos/hubot/new-name/transfer', { new_owner: 42 })).body.errors).to.deep.equal([
      { resource: 'Repository', field: 'new_owner', code: 'invalid' },
    ]);
  });

  it('a private repository redirects only callers who can read it', async () => {
    await createRepository(server, octocat, { name: 'hidden-move', private: true });
    await api(server, octocat, 'PATCH', '/repos/octocat/hidden-move', { name: 'hidden-moved' });
    expect((await api(server, hubot, 'GET', '/repos/octocat/hidden-move')).status).to.equal(404);
    expect((await api(server, octocat, 'GET', '/repos/octocat/hidden-move')).status).to.equal(301);
  });

  it('forgelog audit stream shows the rename and the transfer with actor and time', async () => {
    await server.stop();
    const { code, stdout, stderr } = await runCli(['audit', 'stream', `repository-${repositoryId}`], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code, stderr).to.equal(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).to.match(/^#0 {2}\S+Z {2}RepositoryCreated {2}by octocat \(id 2\)/);
    expect(lines[2]).to.match(/^#1 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}RepositoryRenamed {2}by octocat \(id 2\) {2}\[ip 127\.0\.0\.1/);
    expect(JSON.parse(lines[3]!.trim())).to.deep.include({ repositoryId, fromName: 'old-name', toName: 'new-name' });
    expect(stdout).to.match(/RepositoryTransferred {2}by octocat/);
    const reservation = await runCli(['audit', 'stream', 'repository-name-2-old-name', '--json'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(
      reservation.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).type),
    ).to.deep.equal(['RepositoryNameReserved', 'RepositoryNameReleased', 'RepositoryNameReserved', 'RepositoryNameReleased']);
  });

  it('forgelog rebuild reproduces the repositories read models exactly', async () => {
    const before = await readModelsIn(server.dataDir);
    expect(before.repositories!.length).to.be.greaterThan(2);
    expect(before.repository_redirects!.length).to.be.greaterThan(0);
    const { code, stdout } = await runCli(['rebuild', 'repositories'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    expect(stdout).to.contain('rebuilt repositories');
    expect(await readModelsIn(server.dataDir)).to.deep.equal(before);
  });
});
