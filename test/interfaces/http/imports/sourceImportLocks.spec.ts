import { expect } from 'chai';
import type { GatedEventStore } from '../../../support/gatedEventStore.js';
import type { TestServer } from '../../../support/testServer.js';
import { api, createRepository } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { startImportWorld, type ImportWorld } from './importWorld.js';

const SOURCE_USER = 'source-reader';
const SOURCE_PASSWORD = 'source password';
const LOCKED = "This repository is currently being migrated. It's locked while the migration is in progress.";

describe('source imports into a repository a migration locked', function () {
  this.timeout(120_000);
  let server: TestServer;
  let gated: GatedEventStore;
  let world: ImportWorld;
  let owner: string;
  const streamTypes = async (repositoryId: number) => (await gated.readStream(`source-import-${repositoryId}`)).map((event) => event.type);

  before(async () => {
    world = await startImportWorld('lock', 10, { username: SOURCE_USER, password: SOURCE_PASSWORD });
    ({ server, gated, owner } = world);
  });
  after(() => world.close());

  it('refuses every import command (403) once locked, and the completed import’s refs stay where they were', async () => {
    const imp1 = await createRepository(server, owner, { name: 'imp1' });
    const e1 = await createRepository(server, owner, { name: 'e1' });
    expect((await world.start('imp1')).status).to.equal(201);
    const complete = await eventually(
      () => world.status('imp1'),
      (body) => body.status === 'complete',
      60_000,
    );
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');
    const main = (await api(server, owner, 'GET', '/repos/octocat/imp1/git/ref/heads/main')).body.object.sha;
    const authors = (await api(server, owner, 'GET', '/repos/octocat/imp1/import/authors')).body;

    const migration = await api(server, owner, 'POST', '/user/migrations', { repositories: ['octocat/imp1', 'e1'], lock_repositories: true });
    expect(migration.status, JSON.stringify(migration.body)).to.equal(201);
    const before = await streamTypes(imp1.id);

    const mapped = await api(server, owner, 'PATCH', `/repos/octocat/imp1/import/authors/${authors[1].id}`, { name: 'Bobby' });
    expect(mapped.status, JSON.stringify(mapped.body)).to.equal(403);
    expect(mapped.body.message).to.equal(LOCKED);
    const lfs = await api(server, owner, 'PATCH', '/repos/octocat/imp1/import/lfs', { use_lfs: 'opt_out' });
    expect([lfs.status, lfs.body.message]).to.deep.equal([403, LOCKED]);
    const restarted = await api(server, owner, 'PATCH', '/repos/octocat/imp1/import', {});
    expect([restarted.status, restarted.body.message]).to.deep.equal([403, LOCKED]);
    const started = await world.start('e1');
    expect([started.status, started.body.message]).to.deep.equal([403, LOCKED]);

    expect((await api(server, owner, 'GET', '/repos/octocat/e1/import')).status).to.equal(404);
    expect(await streamTypes(e1.id)).to.deep.equal([]);
    expect(await streamTypes(imp1.id)).to.deep.equal(before);
    expect((await api(server, owner, 'GET', `/repos/octocat/imp1/import/authors`)).body.map((author: any) => author.name)).to.deep.equal(
      authors.map((author: any) => author.name),
    );
    expect(await world.status('imp1')).to.deep.include({ status: 'complete' });
    expect((await api(server, owner, 'GET', '/repos/octocat/imp1/git/ref/heads/main')).body.object.sha).to.equal(main);
  });

  it('a lock taken while an import runs stops its push: no ref moves, the import ends in error saying why', async () => {
    const imp2 = await createRepository(server, owner, { name: 'imp2' });
    gated.hold(['ImportPushStarted']);
    expect((await world.start('imp2')).status).to.equal(201);
    await eventually(
      () => world.status('imp2'),
      (body) => body.status === 'mapping',
      60_000,
    );
    const migration = await api(server, owner, 'POST', '/user/migrations', { repositories: ['imp2'], lock_repositories: true });
    expect(migration.status, JSON.stringify(migration.body)).to.equal(201);
    gated.release('ImportPushStarted');

    const ended = await eventually(
      () => world.status('imp2'),
      (body) => body.status === 'error' || body.status === 'complete',
      60_000,
    );
    expect(ended.status, JSON.stringify(ended)).to.equal('error');
    expect(ended.failed_step).to.equal('pushing');
    expect(ended.error_message).to.contain('locked by a migration');
    expect((await api(server, owner, 'GET', '/repos/octocat/imp2/branches')).body).to.deep.equal([]);
    expect(await gated.readStream(`git-ref-${imp2.id}:refs/heads/main`)).to.deep.equal([]);
  });
});
