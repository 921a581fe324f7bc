import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

// A repository's edits and topics take turns in the process: twenty sent at once all answer
// 200 (fourteen of twenty answered 409 once their retries ran out).
describe('HTTP repositories: one repository edited by many requests at once', () => {
  let server: TestServer;
  let octocat: string;
  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'busy' });
  });
  after(async () => server.close());

  it('answers each of twenty description edits 200, the repository keeping one of them', async () => {
    const descriptions = Array.from({ length: 20 }, (_, n) => `description ${n}`);
    const edited = await Promise.all(descriptions.map((description) => api(server, octocat, 'PATCH', '/repos/octocat/busy', { description })));
    expect(edited.map((answer) => answer.status)).to.deep.equal(descriptions.map(() => 200));
    const repository = await api(server, octocat, 'GET', '/repos/octocat/busy');
    expect(descriptions).to.include(repository.body.description);
  });

  it('answers each of twenty topic replacements 200, the repository keeping one of them', async () => {
    const topics = Array.from({ length: 20 }, (_, n) => [`topic-${n}`]);
    const replaced = await Promise.all(topics.map((names) => api(server, octocat, 'PUT', '/repos/octocat/busy/topics', { names })));
    expect(replaced.map((answer) => answer.status)).to.deep.equal(topics.map(() => 200));
    const kept = await api(server, octocat, 'GET', '/repos/octocat/busy/topics');
    expect(topics.map((names) => names[0])).to.include(kept.body.names[0]);
  });

  // Each answer is its own request's list, as the command decided it (trimmed, lowercased,
  // each once), not what the read model holds once a later request has replaced it.
  it('answers each of twenty topic replacements sent at once with its own topics', async () => {
    for (let round = 0; round < 5; round++) {
      const topics = Array.from({ length: 20 }, (_, n) => [`Round${round}-Topic-${n}`, ` round${round}-topic-${n} `, `shared-${n % 3}`]);
      const replaced = await Promise.all(topics.map((names) => api(server, octocat, 'PUT', '/repos/octocat/busy/topics', { names })));
      expect(replaced.map((answer) => answer.status)).to.deep.equal(topics.map(() => 200));
      expect(replaced.map((answer) => answer.body)).to.deep.equal(topics.map((_, n) => ({ names: [`round${round}-topic-${n}`, `shared-${n % 3}`] })));
    }
  });
});
