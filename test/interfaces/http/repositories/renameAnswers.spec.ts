import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

// Each answer to an edit is the repository as its own command left it: renamed several ways at
// once, an answer showed another request's name (the read model read after the others landed).
describe('HTTP repository renames sent at once: each answer carries its own name', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: string;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'octocat');
  });
  after(async () => server.close());

  for (let round = 0; round < 3; round++)
    it(`round ${round}: six renames with descriptions at once, each 200 answer naming what it asked (or a refusal)`, async () => {
      const repository = await createRepository(server, owner, { name: `spinning-${round}` });
      const asked = Array.from({ length: 6 }, (_, n) => ({ name: `spun-${round}-${n}`, description: `spun ${n}` }));
      // By id, so none is redirected: each is decided on the repository as it is then.
      const answers = await Promise.all(asked.map((body) => api(server, owner, 'PATCH', `/repositories/${repository.id}`, body)));
      answers.forEach((answer, n) => {
        expect(answer.status, JSON.stringify(answer.body)).to.be.oneOf([200, 422]);
        if (answer.status === 200) {
          expect(answer.body).to.include({
            id: repository.id,
            name: asked[n]!.name,
            full_name: `octocat/${asked[n]!.name}`,
            description: asked[n]!.description,
          });
          expect(answer.body.html_url).to.match(new RegExp(`/octocat/${asked[n]!.name}$`));
        } else expect(answer.body.message).to.be.a('string');
      });
      expect(answers.filter((answer) => answer.status === 200)).not.to.be.empty;
      const now = (await api(server, owner, 'GET', `/repositories/${repository.id}`)).body;
      expect(asked.map((each) => each.name)).to.include(now.name);
    });
});
