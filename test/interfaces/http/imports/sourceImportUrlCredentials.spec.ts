import { expect } from 'chai';
import type { GatedEventStore } from '../../../support/gatedEventStore.js';
import type { TestServer } from '../../../support/testServer.js';
import { api, createRepository } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import type { GitSourceServer } from './sources.js';
import { startImportWorld, type ImportWorld } from './importWorld.js';

const SOURCE_USER = 'source-reader';
const SOURCE_PASSWORD = 'source p@ssword';

// A vcs_url with credentials in it imports with them, and keeps them as it keeps vcs_password:
// out of the log and out of every answer. A PATCH changes the credentials it names.
describe('source imports: credentials written into vcs_url, and changed by a PATCH', function () {
  this.timeout(120_000);
  let server: TestServer;
  let gated: GatedEventStore;
  let sources: GitSourceServer;
  let world: ImportWorld;
  let owner: string;

  before(async () => {
    world = await startImportWorld('userinfo', 5, { username: SOURCE_USER, password: SOURCE_PASSWORD });
    ({ server, gated, sources, owner } = world);
  });
  after(() => world.close());

  it('imports with them, and shows and records the address without them', async () => {
    const repository = await createRepository(server, owner, { name: 'from-url' });
    const bare = `${sources.url}/history.git`;
    const withCredentials = bare.replace('://', `://${SOURCE_USER}:${encodeURIComponent(SOURCE_PASSWORD)}@`);
    const started = await api(server, owner, 'PUT', '/repos/octocat/from-url/import', { vcs_url: withCredentials, vcs: 'git' });
    expect(started.status).to.equal(201);
    expect(started.body.vcs_url).to.equal(bare);
    const complete = await eventually(
      async () => (await api(server, owner, 'GET', '/repos/octocat/from-url/import')).body,
      (body) => body.status === 'complete' || body.status === 'error' || body.status === 'auth_failed',
      60_000,
    );
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');
    expect(complete.vcs_url).to.equal(bare);
    const recorded = JSON.stringify(await gated.readStream(`source-import-${repository.id}`));
    expect(recorded).to.not.contain(encodeURIComponent(SOURCE_PASSWORD));
    expect(recorded).to.not.contain(SOURCE_PASSWORD);
    expect(recorded).to.not.contain(`${SOURCE_USER}:`);
  });

  it('keeps the username when a PATCH gives only the password (and the password when it gives only the username)', async () => {
    await createRepository(server, owner, { name: 'retyped' });
    const status = async () => (await api(server, owner, 'GET', '/repos/octocat/retyped/import')).body;
    const stopped = (body: any) => ['complete', 'error', 'auth_failed'].includes(body.status);
    const url = `${sources.url}/history.git`;
    await api(server, owner, 'PUT', '/repos/octocat/retyped/import', { vcs_url: url, vcs: 'git', vcs_username: SOURCE_USER, vcs_password: 'mistyped' });
    expect((await eventually(status, stopped, 60_000)).status).to.equal('auth_failed');
    const retyped = await api(server, owner, 'PATCH', '/repos/octocat/retyped/import', { vcs_password: SOURCE_PASSWORD });
    expect(retyped.status).to.equal(200);
    const complete = await eventually(status, stopped, 60_000);
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');

    await createRepository(server, owner, { name: 'renamed' });
    const renamed = async () => (await api(server, owner, 'GET', '/repos/octocat/renamed/import')).body;
    await api(server, owner, 'PUT', '/repos/octocat/renamed/import', { vcs_url: url, vcs: 'git', vcs_username: 'someone-else', vcs_password: SOURCE_PASSWORD });
    expect((await eventually(renamed, stopped, 60_000)).status).to.equal('auth_failed');
    await api(server, owner, 'PATCH', '/repos/octocat/renamed/import', { vcs_username: SOURCE_USER });
    const done = await eventually(renamed, stopped, 60_000);
    expect(done.status, JSON.stringify(done)).to.equal('complete');
  });

  // GitHub restarts an import on a PATCH without parameters, a completed one too: the new
  // attempt reads the source again, with the credentials the import was given.
  it('restarts a completed import with the credentials it was started with, and keeps the username when a PATCH gives only the password', async () => {
    await createRepository(server, owner, { name: 'again' });
    const status = async () => (await api(server, owner, 'GET', '/repos/octocat/again/import')).body;
    const stopped = (body: any) => ['complete', 'error', 'auth_failed'].includes(body.status);
    const url = `${sources.url}/history.git`;
    await api(server, owner, 'PUT', '/repos/octocat/again/import', { vcs_url: url, vcs: 'git', vcs_username: SOURCE_USER, vcs_password: SOURCE_PASSWORD });
    expect((await eventually(status, stopped, 60_000)).status).to.equal('complete');
    const requestsBefore = sources.requests;
    const restarted = await api(server, owner, 'PATCH', '/repos/octocat/again/import', {});
    expect(restarted.status).to.equal(200);
    const complete = await eventually(status, (body) => stopped(body) && sources.requests > requestsBefore, 60_000);
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');
    // A PATCH naming only the password keeps the username the completed import has.
    const requestsThen = sources.requests;
    expect((await api(server, owner, 'PATCH', '/repos/octocat/again/import', { vcs_password: SOURCE_PASSWORD })).status).to.equal(200);
    const retyped = await eventually(status, (body) => stopped(body) && sources.requests > requestsThen, 60_000);
    expect(retyped.status, JSON.stringify(retyped)).to.equal('complete');
  });
});
