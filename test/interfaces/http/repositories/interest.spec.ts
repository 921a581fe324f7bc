import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { expectArrayOf, expectLatestArrayOf } from '../../../support/schemas.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

describe('HTTP repositories: stars and subscriptions', () => {
  let server: TestServer;
  let octocat: string;
  let hubot: string;
  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    await createRepository(server, octocat, { name: 'shiny' });
    await createRepository(server, octocat, { name: 'hidden', private: true });
  });
  after(async () => server.close());

  it('PUT /user/starred stars (204), once however often, and the counts follow', async () => {
    expect((await api(server, hubot, 'GET', '/user/starred/octocat/shiny')).status).to.equal(404);
    for (let i = 0; i < 2; i++) expect((await api(server, hubot, 'PUT', '/user/starred/octocat/shiny')).status).to.equal(204);
    expect((await api(server, octocat, 'PUT', '/user/starred/octocat/shiny')).status).to.equal(204);
    expect((await api(server, hubot, 'GET', '/user/starred/octocat/shiny')).status).to.equal(204);
    const repository = (await api(server, null, 'GET', '/repos/octocat/shiny')).body;
    expect(repository).to.include({ stargazers_count: 2, watchers_count: 2, watchers: 2 });
    const stargazers = await api(server, null, 'GET', '/repos/octocat/shiny/stargazers');
    expectArrayOf('simple-user', stargazers.body);
    expect(stargazers.body.map((user: { login: string }) => user.login)).to.deep.equal(['hubot', 'octocat']);
    const paged = await api(server, null, 'GET', '/repos/octocat/shiny/stargazers?per_page=1');
    expect(paged.headers.get('link')).to.contain('rel="last"');
  });

  it('DELETE /user/starred unstars (204); stars need a readable repository and a signed-in caller', async () => {
    expect((await api(server, hubot, 'DELETE', '/user/starred/octocat/shiny')).status).to.equal(204);
    expect((await api(server, hubot, 'GET', '/user/starred/octocat/shiny')).status).to.equal(404);
    expect((await api(server, null, 'GET', '/repos/octocat/shiny')).body.stargazers_count).to.equal(1);
    expect((await api(server, hubot, 'PUT', '/user/starred/octocat/hidden')).status).to.equal(404);
    expect((await api(server, hubot, 'PUT', '/user/starred/octocat/nothing')).status).to.equal(404);
    expect((await api(server, null, 'PUT', '/user/starred/octocat/shiny')).status).to.equal(401);
  });

  it('GET /user/starred and /users/{username}/starred list starred repositories the caller may read, newest star first', async () => {
    expect((await api(server, octocat, 'PUT', '/user/starred/octocat/hidden')).status).to.equal(204);
    const mine = await api(server, octocat, 'GET', '/user/starred');
    expectArrayOf('minimal-repository', mine.body);
    expect(mine.body.map((repository: { full_name: string }) => repository.full_name)).to.deep.equal(['octocat/hidden', 'octocat/shiny']);
    const oldestFirst = await api(server, octocat, 'GET', '/user/starred?direction=asc&per_page=1');
    expect(oldestFirst.body.map((repository: { full_name: string }) => repository.full_name)).to.deep.equal(['octocat/shiny']);
    expect(oldestFirst.headers.get('link')).to.contain('rel="next"');
    const seenByOthers = await api(server, null, 'GET', '/users/octocat/starred');
    expect(seenByOthers.body.map((repository: { full_name: string }) => repository.full_name)).to.deep.equal(['octocat/shiny']);
    expect((await api(server, null, 'GET', '/user/starred')).status).to.equal(401);
    expect((await api(server, null, 'GET', '/users/nobody/starred')).status).to.equal(404);
  });

  it('the star media type (application/vnd.github.star+json) says when each star was given, in every star list', async () => {
    const asStars = async (authorization: string | null, path: string) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { accept: 'application/vnd.github.star+json', ...(authorization ? { authorization } : {}) },
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as any[] };
    };
    const SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
    const stargazers = await asStars(null, '/repos/octocat/shiny/stargazers');
    expect(stargazers.status).to.equal(200);
    expectLatestArrayOf('stargazer', stargazers.body);
    expect(stargazers.body.map((star) => star.user.login)).to.deep.equal(['octocat']);
    expect(stargazers.body[0].starred_at).to.match(SECONDS);
    expect(stargazers.body[0].user).to.deep.equal((await api(server, null, 'GET', '/repos/octocat/shiny/stargazers')).body[0]);

    const mine = await asStars(octocat, '/user/starred');
    const plain = (await api(server, octocat, 'GET', '/user/starred')).body;
    expect(mine.body.map((star) => Object.keys(star))).to.deep.equal([
      ['starred_at', 'repo'],
      ['starred_at', 'repo'],
    ]);
    expect(mine.body.map((star) => star.repo)).to.deep.equal(plain);
    for (const star of mine.body) expect(star.starred_at).to.match(SECONDS);
    expect(mine.body[0].starred_at >= mine.body[1].starred_at, 'newest star first').to.equal(true);
    const paged = await asStars(octocat, '/user/starred?per_page=1&page=2');
    expect(paged.body.map((star) => star.repo.full_name)).to.deep.equal(['octocat/shiny']);
    expect(paged.headers.get('link')).to.contain('rel="prev"');
    const seenByOthers = await asStars(null, '/users/octocat/starred');
    expect(seenByOthers.body.map((star) => star.repo.full_name)).to.deep.equal(['octocat/shiny']);
  });

  it('PUT /subscription answers the subscription; subscribers and subscribers_count follow', async () => {
    const set = await api(server, hubot, 'PUT', '/repos/octocat/shiny/subscription', { subscribed: true });
    expect(set.status).to.equal(200);
    expect(set.body).to.include({
      subscribed: true,
      ignored: false,
      reason: null,
      url: `${server.url}/repos/octocat/shiny/subscription`,
      repository_url: `${server.url}/repos/octocat/shiny`,
    });
    expect(set.body.created_at).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const read = await api(server, hubot, 'GET', '/repos/octocat/shiny/subscription');
    expect(read.body).to.deep.equal(set.body);
    const subscribers = await api(server, null, 'GET', '/repos/octocat/shiny/subscribers');
    expectArrayOf('simple-user', subscribers.body);
    expect(subscribers.body.map((user: { login: string }) => user.login)).to.deep.equal(['hubot']);
    expect((await api(server, null, 'GET', '/repos/octocat/shiny')).body.subscribers_count).to.equal(1);
  });

  it('an ignored subscription is not a subscriber; DELETE ends it (204) and GET answers 404', async () => {
    const ignored = await api(server, hubot, 'PUT', '/repos/octocat/shiny/subscription', { ignored: true });
    expect(ignored.body).to.include({ subscribed: false, ignored: true });
    expect((await api(server, null, 'GET', '/repos/octocat/shiny')).body.subscribers_count).to.equal(0);
    expect((await api(server, hubot, 'DELETE', '/repos/octocat/shiny/subscription')).status).to.equal(204);
    expect((await api(server, hubot, 'GET', '/repos/octocat/shiny/subscription')).status).to.equal(404);
    expect((await api(server, hubot, 'PUT', '/repos/octocat/shiny/subscription', { subscribed: 'yes' })).status).to.equal(422);
    expect((await api(server, hubot, 'PUT', '/repos/octocat/hidden/subscription', { subscribed: true })).status).to.equal(404);
  });

  it('GET /user/subscriptions and /users/{username}/subscriptions list watched repositories the caller may read, not ignored ones', async () => {
    await createRepository(server, octocat, { name: 'quiet' });
    for (const [name, body] of [
      ['shiny', { subscribed: true }],
      ['hidden', { subscribed: true }],
      ['quiet', { ignored: true }],
    ] as const)
      expect((await api(server, octocat, 'PUT', `/repos/octocat/${name}/subscription`, body)).status).to.equal(200);
    const names = (body: Array<{ full_name: string }>) => body.map((repository) => repository.full_name);
    const mine = await api(server, octocat, 'GET', '/user/subscriptions');
    expect(mine.status).to.equal(200);
    expectArrayOf('minimal-repository', mine.body);
    expect(names(mine.body)).to.deep.equal(['octocat/shiny', 'octocat/hidden']);
    expect(names((await api(server, octocat, 'GET', '/users/octocat/subscriptions')).body)).to.deep.equal(['octocat/shiny', 'octocat/hidden']);
    expect(names((await api(server, hubot, 'GET', '/users/octocat/subscriptions')).body)).to.deep.equal(['octocat/shiny']);
    const paged = await api(server, null, 'GET', '/users/octocat/subscriptions?per_page=1');
    expect(names(paged.body)).to.deep.equal(['octocat/shiny']);
    expect(paged.headers.get('link')).to.equal(null);
    expect(names((await api(server, octocat, 'GET', '/user/subscriptions?per_page=1&page=2')).body)).to.deep.equal(['octocat/hidden']);
    expect((await api(server, hubot, 'GET', '/user/subscriptions')).body).to.deep.equal([]);
    expect((await api(server, null, 'GET', '/user/subscriptions')).status).to.equal(401);
    expect((await api(server, null, 'GET', '/users/nobody/subscriptions')).status).to.equal(404);
    // Made public, a subscription follows (kept with its visibility, for the index); made
    // private, it is erased, the owner's too (GitHub: "Stars and watchers for this repository
    // will be permanently erased"), and public again it does not come back.
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/shiny', { private: true })).status).to.equal(200);
    expect((await api(server, hubot, 'GET', '/users/octocat/subscriptions')).body).to.deep.equal([]);
    expect(names((await api(server, octocat, 'GET', '/user/subscriptions')).body)).to.deep.equal(['octocat/hidden']);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/hidden', { private: false })).status).to.equal(200);
    const flipped = await api(server, null, 'GET', '/users/octocat/subscriptions');
    expect(names(flipped.body)).to.deep.equal(['octocat/hidden']);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/shiny', { private: false })).status).to.equal(200);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/hidden', { private: true })).status).to.equal(200);
    expect(names((await api(server, octocat, 'GET', '/user/subscriptions')).body)).to.deep.equal([]);
    expect((await api(server, hubot, 'GET', '/users/octocat/subscriptions')).body).to.deep.equal([]);
  });

  it('deleting a repository removes its stars', async () => {
    await createRepository(server, octocat, { name: 'short-lived' });
    await api(server, hubot, 'PUT', '/user/starred/octocat/short-lived');
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/short-lived')).status).to.equal(204);
    expect((await api(server, hubot, 'GET', '/user/starred/octocat/short-lived')).status).to.equal(404);
    await createRepository(server, octocat, { name: 'short-lived' });
    expect((await api(server, null, 'GET', '/repos/octocat/short-lived')).body.stargazers_count).to.equal(0);
  });

  it('losing access to a private repository takes back its star, as a collaborator removed or a member removed from its organization', async () => {
    const stargazers = async (fullName: string) =>
      (await api(server, octocat, 'GET', `/repos/${fullName}/stargazers`)).body.map((user: { login: string }) => user.login);
    await addCollaborator(server, octocat, 'octocat/hidden', 'hubot', 'pull');
    expect((await api(server, hubot, 'PUT', '/user/starred/octocat/hidden')).status).to.equal(204);
    const before = (await api(server, octocat, 'GET', '/repos/octocat/hidden')).body.stargazers_count;
    expect(await stargazers('octocat/hidden')).to.include('hubot');
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/hidden/collaborators/hubot')).status).to.equal(204);
    expect(await stargazers('octocat/hidden')).not.to.include('hubot');
    expect((await api(server, octocat, 'GET', '/repos/octocat/hidden')).body.stargazers_count).to.equal(before - 1);

    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'starry', admin: 'octocat' })).status).to.equal(201);
    expect((await api(server, octocat, 'PUT', '/orgs/starry/memberships/hubot', { role: 'member' })).status).to.equal(200);
    await createRepository(server, octocat, { name: 'inside', private: true }, '/orgs/starry/repos');
    await createRepository(server, octocat, { name: 'outside' }, '/orgs/starry/repos');
    for (const name of ['inside', 'outside']) expect((await api(server, hubot, 'PUT', `/user/starred/starry/${name}`)).status).to.equal(204);
    expect((await api(server, octocat, 'DELETE', '/orgs/starry/memberships/hubot')).status).to.equal(204);
    expect(await stargazers('starry/inside')).to.deep.equal([]);
    // A public repository's star stays: its reader lost nothing.
    expect(await stargazers('starry/outside')).to.deep.equal(['hubot']);
  });
});
