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
// out of the log and out of every answer.
describe('source imports: credentials written into vcs_url', function () {
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
});
