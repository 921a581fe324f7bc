import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GatedEventStore } from '../../../support/gatedEventStore.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// A repository deleted while a request writes to it: the request answers 404, as for any
// repository that is not there (git found no repository and it answered 500 Server Error).
describe('HTTP Git Data: the repository deleted while a request writes to it', () => {
  let server: TestServer;
  let gate: GatedEventStore;
  let owner: string;
  before(async () => {
    server = await startTestServer({}, undefined, { decorateEventStore: (store) => (gate = new GatedEventStore(store)) });
    owner = await createUser(server, 'octocat');
  });
  after(async () => server.close());

  const deletedWhileHeld = async (name: string, held: string, request: (mainSha: string) => Promise<{ status: number; body: any }>) => {
    const repository = await createRepository(server, owner, { name, auto_init: true });
    const mainSha = (await api(server, owner, 'GET', `/repos/octocat/${name}/git/ref/heads/main`)).body.object.sha;
    const arrived = gate.holdAndNotice(held);
    const answer = request(mainSha);
    await arrived;
    expect((await api(server, owner, 'DELETE', `/repos/octocat/${name}`)).status).to.equal(204);
    expect(existsSync(join(server.dataDir, 'git', `${repository.id}.git`))).to.equal(false);
    gate.release(held);
    return answer;
  };

  it('POST /git/refs answers 404 Not Found', async () => {
    const created = await deletedWhileHeld('refs', 'RefCreated', (sha) =>
      api(server, owner, 'POST', '/repos/octocat/refs/git/refs', { ref: 'refs/heads/late', sha }),
    );
    expect(created.status, JSON.stringify(created.body)).to.equal(404);
    expect(created.body).to.include({ message: 'Not Found', status: '404' });
  });

  it('PUT /contents answers 404 Not Found', async () => {
    const written = await deletedWhileHeld('contents', 'RefUpdated', () =>
      api(server, owner, 'PUT', '/repos/octocat/contents/contents/late.txt', { message: 'late', content: Buffer.from('late\n').toString('base64') }),
    );
    expect(written.status, JSON.stringify(written.body)).to.equal(404);
    expect(written.body).to.include({ message: 'Not Found', status: '404' });
  });
});
