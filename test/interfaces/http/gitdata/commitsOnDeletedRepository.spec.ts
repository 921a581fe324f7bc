import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// Commits written while their repository is deleted at once: each answers 201 (written before
// the deletion) or 404 "Not Found", never 422 "Tree SHA does not exist" (the tree was there;
// the repository went) nor a 500.
describe('Git Data: commits created while their repository is deleted', function () {
  this.timeout(60_000);
  let server: TestServer;
  let octocat: string;
  before(async () => {
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    octocat = await createUser(server, 'octocat');
  });
  after(async () => server.close());

  for (let round = 0; round < 5; round++)
    it(`round ${round}: ten commits and the deletion at once, each commit 201 or 404 Not Found`, async () => {
      await createRepository(server, octocat, { name: `going-${round}`, auto_init: true });
      const path = `/repos/octocat/going-${round}`;
      const main = (await api(server, octocat, 'GET', `${path}/git/ref/heads/main`)).body.object.sha as string;
      const tree = (await api(server, octocat, 'GET', `${path}/git/commits/${main}`)).body.tree.sha as string;
      const [deleted, ...commits] = await Promise.all([
        api(server, octocat, 'DELETE', path),
        ...Array.from({ length: 10 }, (_, n) => api(server, octocat, 'POST', `${path}/git/commits`, { message: `late ${n}\n`, tree, parents: [main] })),
      ]);
      expect(deleted!.status).to.equal(204);
      for (const commit of commits) {
        expect(commit.status, JSON.stringify(commit.body)).to.be.oneOf([201, 404]);
        if (commit.status === 404) expect(commit.body.message).to.equal('Not Found');
        else
          expect(commit.body)
            .to.include({ message: commit.body.message })
            .and.to.have.property('sha')
            .that.matches(/^[0-9a-f]{40}$/);
      }
      expect((await api(server, octocat, 'GET', path)).status).to.equal(404);
    });
});
