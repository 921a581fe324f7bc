import { expect } from 'chai';
import { anonymousOctokit, basicOctokit } from '../../../support/octokit.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { settled } from '../activity/activityFixtures.js';
import { INERTIA, projectCall } from '../projects/projectCalls.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

// The ghost is an account on GitHub, not a missing one: GET /users/ghost answers it, and so
// do the lists under /users/ghost/, each empty here (it owns, stars, watches, follows and
// does nothing; a deleted user's own lists are not handed to it). An unknown login still
// answers 404.
describe("the ghost's lists: /users/ghost/... answer 200 and empty, as GET /users/ghost answers the ghost", () => {
  let server: TestServer;
  const LISTS = ['repos', 'events', 'events/public', 'received_events', 'received_events/public', 'starred', 'subscriptions', 'followers', 'following', 'orgs'];

  before(async () => {
    server = await startTestServer();
    const alice = await createUser(server, 'alice');
    const leaver = await createUser(server, 'leaver');
    await createRepository(server, alice, { name: 'app' });
    await createRepository(server, leaver, { name: 'own' });
    expect((await api(server, leaver, 'PUT', '/user/starred/alice/app')).status).to.equal(204);
    expect((await api(server, leaver, 'PUT', '/repos/alice/app/subscription', { subscribed: true })).status).to.equal(200);
    expect((await api(server, leaver, 'PUT', '/user/following/alice')).status).to.equal(204);
    expect((await api(server, alice, 'PUT', '/user/following/leaver')).status).to.equal(204);
    expect((await api(server, server.adminAuthorization, 'DELETE', '/admin/users/leaver')).status).to.equal(204);
    await settled(server);
  });
  after(async () => server.close());

  it('each list answers 200 with an empty array, anonymously and signed in; an unknown login 404', async () => {
    const alice = `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`;
    for (const list of LISTS) {
      for (const authorization of [null, alice]) {
        const answer = await api(server, authorization, 'GET', `/users/ghost/${list}`);
        expect(answer.status, `${list} ${JSON.stringify(answer.body)}`).to.equal(200);
        expect(answer.body, list).to.deep.equal([]);
      }
      expect((await api(server, null, 'GET', `/users/Ghost/${list}`)).status, list).to.equal(200);
      expect((await api(server, null, 'GET', `/users/nobody/${list}`)).status, list).to.equal(404);
    }
    const projects = await projectCall(server, null, 'GET', '/users/ghost/projects');
    expect(projects.status).to.equal(200);
    expect(projects.body).to.deep.equal([]);
    expect((await projectCall(server, null, 'GET', '/users/nobody/projects')).status).to.equal(404);
    // The ghost follows nobody.
    expect((await api(server, null, 'GET', '/users/ghost/following/alice')).status).to.equal(404);
  });

  it('through @octokit/rest 20.1.0', async () => {
    const octokit = anonymousOctokit(server);
    const username = 'ghost';
    const lists = [
      octokit.rest.repos.listForUser({ username }),
      octokit.rest.activity.listEventsForAuthenticatedUser({ username }),
      octokit.rest.activity.listPublicEventsForUser({ username }),
      octokit.rest.activity.listReceivedEventsForUser({ username }),
      octokit.rest.activity.listReceivedPublicEventsForUser({ username }),
      octokit.rest.activity.listReposStarredByUser({ username }),
      octokit.rest.activity.listReposWatchedByUser({ username }),
      octokit.rest.users.listFollowersForUser({ username }),
      octokit.rest.users.listFollowingForUser({ username }),
      octokit.rest.orgs.listForUser({ username }),
      basicOctokit(server, 'alice', PASSWORD, { accept: INERTIA }).rest.projects.listForUser({ username }),
    ];
    for (const answer of await Promise.all(lists)) {
      expect(answer.status, answer.url).to.equal(200);
      expect(answer.data, answer.url).to.deep.equal([]);
    }
    const profile = await octokit.rest.users.getByUsername({ username });
    expect(profile.data).to.include({ login: 'ghost', id: 10137, public_repos: 0, followers: 0, following: 0 });
  });
});
