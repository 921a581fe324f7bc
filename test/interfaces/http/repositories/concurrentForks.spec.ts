import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

describe('simultaneous fork requests', () => {
  let server: TestServer;
  let owner: string;
  let forker: string;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'upstream');
    forker = await createUser(server, 'forker');
    await createRepository(server, owner, { name: 'popular', auto_init: true });
  });
  after(async () => server.close());

  it('ten at once by one user create exactly one fork, and every answer is that fork', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => api(server, forker, 'POST', '/repos/upstream/popular/forks', {})));
    expect(answers.map((answer) => answer.status)).to.deep.equal(Array(10).fill(202));
    const ids = new Set(answers.map((answer) => answer.body.id));
    expect(ids.size).to.equal(1);
    const forks = await api(server, owner, 'GET', '/repos/upstream/popular/forks');
    expect(forks.body.map((fork: { full_name: string }) => fork.full_name)).to.deep.equal(['forker/popular']);
    expect((await api(server, owner, 'GET', '/repos/upstream/popular')).body.forks_count).to.equal(1);
    const mine = await api(server, forker, 'GET', '/users/forker/repos');
    expect(mine.body).to.have.length(1);
  });

  it('after the fork is deleted, a new one can be made', async () => {
    expect((await api(server, forker, 'DELETE', '/repos/forker/popular')).status).to.equal(204);
    const again = await api(server, forker, 'POST', '/repos/upstream/popular/forks', {});
    expect(again.status).to.equal(202);
    expect(again.body.full_name).to.equal('forker/popular');
  });
});
