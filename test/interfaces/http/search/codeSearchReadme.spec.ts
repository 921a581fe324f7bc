import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { paths } from './codeFixtures.js';
import { search } from './searchFixtures.js';

// The README of a repository made with auto_init is found by code search under its first
// commit's SHA, as a pushed file is (GitHub's url and html_url name a commit, never a branch),
// and that SHA is the one git holds.
describe('GET /search/code: the README a repository was made with', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let ada: string;

  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    ada = await createUser(server, 'ada');
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  const readmeItem = async (q: string) => {
    const answer = await search(server, ada, `/search/code?q=${encodeURIComponent(q)}`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(paths(answer.body)).to.have.length(1);
    return answer.body.items[0];
  };

  // The name is one git trims (spaces, dots, quotes at its ends; angle brackets inside).
  for (const [title, name] of [
    ['a creator without a name (the login)', null],
    ['a creator whose name git trims', ' .Dr. <Ada> "Lovelace", '],
  ] as const) {
    it(`names the commit git wrote, for ${title}`, async () => {
      const renamed = await api(server, ada, 'PATCH', '/user', { name });
      expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
      const repository = await createRepository(server, ada, {
        name: `notes-${name === null ? 'login' : name.length}`,
        auto_init: true,
        description: `Marginalia ${repositoryWord(name)}`,
      });
      const sha = await bench.tip(repository.id, 'main');
      const item = await readmeItem(`Marginalia ${repositoryWord(name)}`);
      expect(item.path).to.equal('README.md');
      expect(item.url).to.equal(`${server.url}/repos/${repository.full_name}/contents/README.md?ref=${sha}`);
      expect(item.html_url).to.match(new RegExp(`/${repository.full_name}/blob/${sha}/README\\.md$`));
    });
  }
});

const repositoryWord = (name: string | null): string => (name === null ? 'quokka' : `wombat${name.length}`);
