import { expect } from 'chai';
import type { GatedEventStore } from '../../../support/gatedEventStore.js';
import type { TestServer } from '../../../support/testServer.js';
import { api, createRepository } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { startImportWorld, type ImportWorld } from './importWorld.js';

const SOURCE_USER = 'push-reader';
const SOURCE_PASSWORD = 'push source password';

// A cancel or a restart that lands while the import pushes: the attempt's refs must not outlive
// it, those it moved before it saw the cancel included, so the import stream and the
// repository's refs agree at the end.
describe('source imports: a cancel or a restart while pushing', function () {
  this.timeout(120_000);
  let server: TestServer;
  let gated: GatedEventStore;
  let world: ImportWorld;
  let owner: string;
  const types = async (stream: string) => (await gated.readStream(stream)).map((event) => event.type);
  const branches = async (name: string) => (await api(server, owner, 'GET', `/repos/octocat/${name}/branches`)).body.map((branch: any) => branch.name);
  // Every ref move of the attempt done, its completion waiting at the gate.
  const pushedAndWaiting = async (repositoryId: number) =>
    eventually(
      () => types(`git-ref-${repositoryId}:refs/heads/main`),
      (found) => found.includes('RefCreated'),
      60_000,
    );

  before(async () => {
    world = await startImportWorld('cancel-push', 10, { username: SOURCE_USER, password: SOURCE_PASSWORD });
    ({ server, gated, owner } = world);
  });
  after(() => world.close());

  it('a cancel seen only after the push moved its refs takes them back: no import, an empty repository, and a new import starts', async () => {
    const repository = await createRepository(server, owner, { name: 'cancelled' });
    gated.hold(['ImportCompleted']);
    expect((await world.start('cancelled')).status).to.equal(201);
    await pushedAndWaiting(repository.id);
    expect((await world.status('cancelled')).status).to.equal('pushing');

    // The push sees the cancel only when its completion is refused: the DELETE answers once the
    // push took its refs back.
    const cancelling = api(server, owner, 'DELETE', '/repos/octocat/cancelled/import');
    await eventually(
      () => types(`source-import-${repository.id}`),
      (found) => found.includes('ImportCancelled'),
    );
    gated.release('ImportCompleted');
    expect((await cancelling).status).to.equal(204);

    expect(await types(`git-ref-${repository.id}:refs/heads/main`)).to.deep.equal(['RefCreated', 'RefDeleted']);
    expect(await branches('cancelled')).to.deep.equal([]);
    const stream = await types(`source-import-${repository.id}`);
    expect(stream).not.to.include('ImportCompleted');
    expect(stream[stream.length - 1]).to.equal('ImportCancelled');
    expect((await api(server, owner, 'GET', '/repos/octocat/cancelled/import')).status).to.equal(404);

    const again = await world.start('cancelled');
    expect(again.status, JSON.stringify(again.body)).to.equal(201);
    const complete = await eventually(
      () => world.status('cancelled'),
      (body) => body.status === 'complete' || body.status === 'error',
      60_000,
    );
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');
    expect(await branches('cancelled')).to.deep.equal(['main']);
  });

  it('a restart while pushing takes the superseded attempt’s refs back before the new attempt pushes', async () => {
    const repository = await createRepository(server, owner, { name: 'restarted' });
    gated.hold(['ImportCompleted']);
    expect((await world.start('restarted')).status).to.equal(201);
    await pushedAndWaiting(repository.id);

    // The new attempt's push waits too, so the spec sees the repository between the two.
    gated.hold(['ImportPushStarted']);
    const restarting = api(server, owner, 'PATCH', '/repos/octocat/restarted/import', {});
    await eventually(
      () => types(`source-import-${repository.id}`),
      (found) => found.includes('ImportRestarted'),
    );
    gated.release('ImportCompleted');
    const restarted = await restarting;
    expect(restarted.status, JSON.stringify(restarted.body)).to.equal(200);
    expect(await types(`git-ref-${repository.id}:refs/heads/main`)).to.deep.equal(['RefCreated', 'RefDeleted']);
    expect(await branches('restarted')).to.deep.equal([]);

    gated.release('ImportPushStarted');
    const complete = await eventually(
      () => world.status('restarted'),
      (body) => body.status === 'complete' || body.status === 'error',
      60_000,
    );
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');
    expect(await branches('restarted')).to.deep.equal(['main']);
    const completions = (await gated.readStream(`source-import-${repository.id}`)).filter((event) => event.type === 'ImportCompleted');
    expect(completions.map((event) => (event.data as { attempt: number }).attempt)).to.deep.equal([2]);
  });
});
