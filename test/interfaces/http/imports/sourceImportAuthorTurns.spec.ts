import { expect } from 'chai';
import type { GatedEventStore } from '../../../support/gatedEventStore.js';
import type { TestServer } from '../../../support/testServer.js';
import { api, createRepository } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { startImportWorld, type ImportWorld } from './importWorld.js';

// An import's author mappings take turns in the process (on a key of its authors only, so the
// import's own steps, held at the gate here, never wait on them): twenty sent at once all
// answer 200 (some answered 409 once their retries on the import's stream ran out).
describe('source imports: twenty author mappings sent at once', function () {
  this.timeout(120_000);
  let server: TestServer;
  let gated: GatedEventStore;
  let world: ImportWorld;
  let owner: string;

  before(async () => {
    world = await startImportWorld('author-turns', 10, { username: 'source-reader', password: 'source password' });
    ({ server, gated, owner } = world);
  });
  after(() => world.close());

  it('answers each 200 with its own mapping of its author, every mapping recorded, while the push waits at the gate', async () => {
    const repository = await createRepository(server, owner, { name: 'mapped' });
    gated.hold(['ImportPushStarted']);
    expect((await world.start('mapped')).status).to.equal(201);
    await eventually(
      () => world.status('mapped'),
      (body) => body.status === 'mapping',
      60_000,
    );
    const authors: { id: number }[] = (await api(server, owner, 'GET', '/repos/octocat/mapped/import/authors')).body;
    expect(authors).to.have.length(5);
    const asked = Array.from({ length: 20 }, (_, n) => ({ id: authors[n % 5]!.id, name: `Person ${n}`, email: `person${n}@example.org` }));
    const mapped = await Promise.all(
      asked.map(({ id, name, email }) => api(server, owner, 'PATCH', `/repos/octocat/mapped/import/authors/${id}`, { name, email })),
    );
    expect(
      mapped.map((answer) => answer.status),
      JSON.stringify(mapped.filter((answer) => answer.status !== 200).map((answer) => answer.body)),
    ).to.deep.equal(asked.map(() => 200));
    const namesOf = (id: number) => asked.filter((each) => each.id === id).map((each) => each.name);
    mapped.forEach((answer, n) => {
      expect(answer.body).to.include({ id: asked[n]!.id, name: asked[n]!.name, email: asked[n]!.email });
    });
    const events = await gated.readStream(`source-import-${repository.id}`);
    expect(events.filter((event) => event.type === 'ImportAuthorMapped')).to.have.length(20);
    const now: { id: number; name: string }[] = (await api(server, owner, 'GET', '/repos/octocat/mapped/import/authors')).body;
    for (const author of now) expect(namesOf(author.id)).to.include(author.name);
    gated.release('ImportPushStarted');
    const complete = await eventually(
      () => world.status('mapped'),
      (body) => body.status === 'complete',
      60_000,
    );
    expect(complete.status, JSON.stringify(complete)).to.equal('complete');
  });
});
