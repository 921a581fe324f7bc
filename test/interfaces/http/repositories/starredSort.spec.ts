import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { expectArrayOf } from '../../../support/schemas.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

// GitHub's `sort` of GET /user/starred and /users/{username}/starred: `created` (when the
// repository was starred, the default) or `updated` (when the repository was last pushed to).
describe('HTTP repositories: starred lists sorted by when their repositories were last pushed to', () => {
  let server: TestServer;
  let octocat: string;
  let hubot: string;
  const names = (body: { full_name: string }[]) => body.map((repository) => repository.full_name);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    await createRepository(server, octocat, { name: 'first', auto_init: true });
    await pause();
    await createRepository(server, octocat, { name: 'second', auto_init: true });
    await pause();
    await createRepository(server, octocat, { name: 'secret', private: true, auto_init: true });
    // Starred in the order first, second, secret; then first is pushed to, after them all.
    for (const name of ['first', 'second', 'secret']) {
      await pause();
      expect((await api(server, name === 'secret' ? octocat : hubot, 'PUT', `/user/starred/octocat/${name}`)).status).to.equal(204);
    }
    await pause();
    const main = await api(server, octocat, 'GET', '/repos/octocat/first/git/ref/heads/main');
    expect(main.status).to.equal(200);
    const branch = await api(server, octocat, 'POST', '/repos/octocat/first/git/refs', { ref: 'refs/heads/later', sha: main.body.object.sha });
    expect(branch.status).to.equal(201);
  });
  after(async () => server.close());

  it('sort=updated lists the most recently pushed repository first; direction=asc the other way; created stays the default', async () => {
    const first = (await api(server, null, 'GET', '/repos/octocat/first')).body;
    const second = (await api(server, null, 'GET', '/repos/octocat/second')).body;
    expect(first.pushed_at > second.pushed_at, 'the branch moved first.pushed_at').to.equal(true);

    const byPush = await api(server, hubot, 'GET', '/user/starred?sort=updated');
    expect(byPush.status).to.equal(200);
    expectArrayOf('minimal-repository', byPush.body);
    expect(names(byPush.body)).to.deep.equal(['octocat/first', 'octocat/second']);
    expect(names((await api(server, hubot, 'GET', '/user/starred?sort=updated&direction=asc')).body)).to.deep.equal(['octocat/second', 'octocat/first']);
    expect(names((await api(server, null, 'GET', '/users/hubot/starred?sort=updated')).body)).to.deep.equal(['octocat/first', 'octocat/second']);

    // When starred: newest star first, by default and with sort=created.
    expect(names((await api(server, hubot, 'GET', '/user/starred')).body)).to.deep.equal(['octocat/second', 'octocat/first']);
    expect(names((await api(server, hubot, 'GET', '/user/starred?sort=created')).body)).to.deep.equal(['octocat/second', 'octocat/first']);
  });

  it('pages keep the sort in their Link, and the star media type follows it', async () => {
    const page = await api(server, hubot, 'GET', '/user/starred?sort=updated&per_page=1');
    expect(names(page.body)).to.deep.equal(['octocat/first']);
    expect(page.headers.get('link')).to.contain('/user/starred?sort=updated&per_page=1&page=2>; rel="next"');
    expect(names((await api(server, hubot, 'GET', '/user/starred?sort=updated&per_page=1&page=2')).body)).to.deep.equal(['octocat/second']);

    const stars = await fetch(`${server.url}/users/hubot/starred?sort=updated`, { headers: { accept: 'application/vnd.github.star+json' } });
    const body = (await stars.json()) as { starred_at: string; repo: { full_name: string } }[];
    expect(body.map((star) => star.repo.full_name)).to.deep.equal(['octocat/first', 'octocat/second']);
    expect(body[0].starred_at <= body[1].starred_at, 'first was starred no later than second').to.equal(true);
  });

  it('a private star is sorted among the public ones for its owner, and left out for others', async () => {
    const later = await api(server, octocat, 'GET', '/repos/octocat/secret/git/ref/heads/main');
    await pause();
    expect((await api(server, octocat, 'POST', '/repos/octocat/secret/git/refs', { ref: 'refs/heads/later', sha: later.body.object.sha })).status).to.equal(
      201,
    );
    expect((await api(server, octocat, 'PUT', '/user/starred/octocat/second')).status).to.equal(204);
    expect(names((await api(server, octocat, 'GET', '/user/starred?sort=updated')).body)).to.deep.equal(['octocat/secret', 'octocat/second']);
    expect(names((await api(server, octocat, 'GET', '/user/starred?sort=updated&direction=asc')).body)).to.deep.equal(['octocat/second', 'octocat/secret']);
    expect(names((await api(server, null, 'GET', '/users/octocat/starred?sort=updated')).body)).to.deep.equal(['octocat/second']);
  });
});
