import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { makeGitSource } from './sources.js';
import { GatedEventStore } from '../../../support/gatedEventStore.js';

// GitHub's "Update an import": "If no parameters are provided, the import will be restarted."
// A completed import too: its new push replaces what the import pushed, as a rewrite's does.
describe('source imports: an update without parameters restarts a completed import', function () {
  this.timeout(120_000);
  let server: TestServer;
  let gated: GatedEventStore;
  let scratch: string;
  let owner: string;
  let source: string;
  const status = async (name: string) => (await api(server, owner, 'GET', `/repos/restarter/${name}/import`)).body;
  const finished = (body: any) => body.status === 'complete' || body.status === 'error' || body.status === 'auth_failed';

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-import-restart-completed-'));
    // A local source (no credentials to keep): the restart reads it again.
    source = makeGitSource(join(scratch, 'local.git'), 12);
    server = await startTestServer({ FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES: 'true', FORGELOG_PROCESS_TICK_MS: '10' }, undefined, {
      decorateEventStore: (store) => (gated = new GatedEventStore(store)),
    });
    owner = await createUser(server, 'restarter');
  });
  after(async () => {
    gated.releaseAll();
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('starts it over (importing, the vcs kept, as GitHub’s example answers), and the new attempt completes over the refs the first pushed', async () => {
    const repository = await createRepository(server, owner, { name: 'again' });
    expect((await api(server, owner, 'PUT', '/repos/restarter/again/import', { vcs_url: `file://${source}`, vcs: 'git' })).status).to.equal(201);
    const first = await eventually(() => status('again'), finished, 60_000);
    expect(first.status, JSON.stringify(first)).to.equal('complete');
    const main = (await api(server, owner, 'GET', '/repos/restarter/again/git/ref/heads/main')).body.object.sha;

    const restarted = await api(server, owner, 'PATCH', '/repos/restarter/again/import', {});
    expect(restarted.status, JSON.stringify(restarted.body)).to.equal(200);
    expect(restarted.body).to.deep.include({ status: 'importing', vcs: 'git', push_percent: null });
    const second = await eventually(() => status('again'), finished, 60_000);
    expect(second.status, JSON.stringify(second)).to.equal('complete');

    const stream = await gated.readStream(`source-import-${repository.id}`);
    const attempts = (type: string) => stream.filter((event) => event.type === type).map((event) => (event.data as { attempt: number }).attempt);
    expect(attempts('ImportRestarted')).to.deep.equal([2]);
    expect(attempts('ImportCompleted')).to.deep.equal([1, 2]);
    expect((await api(server, owner, 'GET', '/repos/restarter/again/git/ref/heads/main')).body.object.sha).to.equal(main);
  });

  it('refuses (422) once the repository moved on from what the import pushed, and changes nothing', async () => {
    const repository = await createRepository(server, owner, { name: 'moved' });
    expect((await api(server, owner, 'PUT', '/repos/restarter/moved/import', { vcs_url: `file://${source}`, vcs: 'git' })).status).to.equal(201);
    const done = await eventually(() => status('moved'), finished, 60_000);
    expect(done.status, JSON.stringify(done)).to.equal('complete');
    const main = (await api(server, owner, 'GET', '/repos/restarter/moved/git/ref/heads/main')).body.object.sha;
    const branched = await api(server, owner, 'POST', '/repos/restarter/moved/git/refs', { ref: 'refs/heads/theirs', sha: main });
    expect(branched.status, JSON.stringify(branched.body)).to.equal(201);
    const before = (await gated.readStream(`source-import-${repository.id}`)).length;

    const refused = await api(server, owner, 'PATCH', '/repos/restarter/moved/import', {});
    expect(refused.status, JSON.stringify(refused.body)).to.equal(422);
    expect(refused.body.message).to.be.a('string');
    expect((await gated.readStream(`source-import-${repository.id}`)).length).to.equal(before);
    expect((await status('moved')).status).to.equal('complete');
  });
});
