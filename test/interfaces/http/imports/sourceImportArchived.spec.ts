import { expect } from 'chai';
import type { GatedEventStore } from '../../../support/gatedEventStore.js';
import type { TestServer } from '../../../support/testServer.js';
import { api, createRepository } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { startImportWorld, type ImportWorld } from './importWorld.js';

const SOURCE_USER = 'source-reader';
const SOURCE_PASSWORD = 'source password';
const ARCHIVED = 'Repository was archived so is read-only.';

// An archived repository is read-only for everyone, git push included: an import (which pushes)
// may neither start in one nor push into one archived while it ran.
describe('source imports into an archived repository', function () {
  this.timeout(120_000);
  let server: TestServer;
  let gated: GatedEventStore;
  let world: ImportWorld;
  let owner: string;
  const archive = async (name: string, archived: boolean) =>
    expect((await api(server, owner, 'PATCH', `/repos/octocat/${name}`, { archived })).body.archived).to.equal(archived);

  before(async () => {
    world = await startImportWorld('archived', 10, { username: SOURCE_USER, password: SOURCE_PASSWORD });
    ({ server, gated, owner } = world);
  });
  after(() => world.close());

  it('refuses to start (403, nothing recorded) in an archived repository, and starts once it is unarchived', async () => {
    const shelf = await createRepository(server, owner, { name: 'shelf' });
    await archive('shelf', true);
    const refused = await world.start('shelf');
    expect([refused.status, refused.body.message]).to.deep.equal([403, ARCHIVED]);
    expect((await api(server, owner, 'GET', '/repos/octocat/shelf/import')).status).to.equal(404);
    expect(await gated.readStream(`source-import-${shelf.id}`)).to.deep.equal([]);

    await archive('shelf', false);
    expect((await world.start('shelf')).status).to.equal(201);
    const complete = await eventually(
      () => world.status('shelf'),
      (body) => body.status === 'complete',
      60_000,
    );
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');

    await archive('shelf', true);
    const authors = (await api(server, owner, 'GET', '/repos/octocat/shelf/import/authors')).body;
    const mapped = await api(server, owner, 'PATCH', `/repos/octocat/shelf/import/authors/${authors[0].id}`, { name: 'Countess' });
    expect([mapped.status, mapped.body.message]).to.deep.equal([403, ARCHIVED]);
    const lfs = await api(server, owner, 'PATCH', '/repos/octocat/shelf/import/lfs', { use_lfs: 'opt_out' });
    expect([lfs.status, lfs.body.message]).to.deep.equal([403, ARCHIVED]);
    const restarted = await api(server, owner, 'PATCH', '/repos/octocat/shelf/import', {});
    expect([restarted.status, restarted.body.message]).to.deep.equal([403, ARCHIVED]);
    expect(await world.status('shelf')).to.deep.include({ status: 'complete' });
  });

  it('a repository archived while its import runs takes no push: the import ends in error saying why', async () => {
    const late = await createRepository(server, owner, { name: 'late' });
    gated.hold(['ImportPushStarted']);
    expect((await world.start('late')).status).to.equal(201);
    await eventually(
      () => world.status('late'),
      (body) => body.status === 'mapping',
      60_000,
    );
    await archive('late', true);
    gated.release('ImportPushStarted');

    const ended = await eventually(
      () => world.status('late'),
      (body) => body.status === 'error' || body.status === 'complete',
      60_000,
    );
    expect(ended.status, JSON.stringify(ended)).to.equal('error');
    expect(ended.failed_step).to.equal('pushing');
    expect(ended.error_message).to.contain('archived');
    expect((await api(server, owner, 'GET', '/repos/octocat/late/branches')).body).to.deep.equal([]);
    expect(await gated.readStream(`git-ref-${late.id}:refs/heads/main`)).to.deep.equal([]);
  });
});
