import { expect } from 'chai';
import { readModelsIn } from '../../../support/projectionSpec.js';
import { runCli } from '../../../support/runCli.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

// Every count GitHub shows on users, organizations and repositories, compared with the list
// it counts, after a world is made and after it changes; then a replay gives the same counts.
describe('counts equal the lists they count', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let ada: string;
  let bo: string;
  let cy: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    ada = await createUser(server, 'ada');
    bo = await createUser(server, 'bo');
    cy = await createUser(server, 'cy');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'works', admin: 'ada' })).status).to.equal(201);
    const engine = await createRepository(server, ada, { name: 'engine', auto_init: true });
    await createRepository(server, ada, { name: 'notes', private: true });
    await createRepository(server, ada, { name: 'site' });
    await createRepository(server, ada, { name: 'public-tools' }, '/orgs/works/repos');
    await createRepository(server, ada, { name: 'internal', private: true }, '/orgs/works/repos');
    await addCollaborator(server, ada, 'ada/engine', 'bo', 'push');
    for (const user of [bo, cy]) expect((await api(server, user, 'PUT', '/user/starred/ada/engine')).status).to.equal(204);
    expect((await api(server, bo, 'PUT', '/repos/ada/engine/subscription', { subscribed: true })).status).to.equal(200);
    expect((await api(server, cy, 'PUT', '/repos/ada/engine/subscription', { ignored: true })).status).to.equal(200);
    for (const user of [bo, cy]) expect((await api(server, user, 'POST', '/repos/ada/engine/forks', {})).status).to.equal(202);
    for (const [user, target] of [
      [bo, 'ada'],
      [cy, 'ada'],
      [ada, 'bo'],
    ] as const)
      expect((await api(server, user, 'PUT', `/user/following/${target}`)).status).to.equal(204);
    expect((await api(server, ada, 'POST', '/repos/ada/engine/milestones', { title: 'v1' })).status).to.equal(201);
    for (const title of ['one', 'two', 'three'])
      expect((await api(server, bo, 'POST', '/repos/ada/engine/issues', { title, milestone: 1 })).status).to.equal(201);
    for (const body of ['a', 'b', 'c']) expect((await api(server, cy, 'POST', '/repos/ada/engine/issues/1/comments', { body })).status).to.equal(201);
    for (const [user, content] of [
      [bo, '+1'],
      [cy, '+1'],
      [ada, 'heart'],
    ] as const)
      expect((await api(server, user, 'POST', '/repos/ada/engine/issues/1/reactions', { content })).status).to.be.oneOf([200, 201]);
    await bench.pushBranch(engine.id, 'feature', { 'feature.txt': 'x\n' });
    expect((await api(server, ada, 'POST', '/repos/ada/engine/pulls', { title: 'Feature', head: 'feature', base: 'main' })).status).to.equal(201);
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  const all = async (authorization: string | null, path: string): Promise<unknown[]> => {
    const separator = path.includes('?') ? '&' : '?';
    const listed = await api(server, authorization, 'GET', `${path}${separator}per_page=100`);
    expect(listed.status, path).to.equal(200);
    return listed.body;
  };

  async function expectCountsMatchLists(): Promise<void> {
    for (const login of ['ada', 'bo', 'cy']) {
      const user = (await api(server, null, 'GET', `/users/${login}`)).body;
      expect(user.public_repos, `${login}.public_repos`).to.equal((await all(null, `/users/${login}/repos?type=owner`)).length);
      expect(user.followers, `${login}.followers`).to.equal((await all(null, `/users/${login}/followers`)).length);
      expect(user.following, `${login}.following`).to.equal((await all(null, `/users/${login}/following`)).length);
      const self = (await api(server, basicAuthorization(login, PASSWORD), 'GET', '/user')).body;
      const ownPrivate = (await all(basicAuthorization(login, PASSWORD), '/user/repos?visibility=private&affiliation=owner')).length;
      expect([self.owned_private_repos, self.total_private_repos], `${login} private counts`).to.deep.equal([ownPrivate, ownPrivate]);
    }
    const org = (await api(server, ada, 'GET', '/orgs/works')).body;
    expect(org.public_repos).to.equal((await all(null, '/orgs/works/repos?type=public')).length);
    expect(org.owned_private_repos).to.equal((await all(ada, '/orgs/works/repos?type=private')).length);
    expect(org.total_private_repos).to.equal(org.owned_private_repos);
    expect((await api(server, null, 'GET', '/users/works')).body.public_repos).to.equal(org.public_repos);

    const repository = (await api(server, ada, 'GET', '/repos/ada/engine')).body;
    const openIssues = (await all(ada, '/repos/ada/engine/issues?state=open')).filter((issue) => !(issue as { pull_request?: unknown }).pull_request).length;
    const openPulls = (await all(ada, '/repos/ada/engine/pulls?state=open')).length;
    expect(repository.open_issues_count, 'open_issues_count').to.equal(openIssues + openPulls);
    expect(repository.open_issues).to.equal(repository.open_issues_count);
    expect(repository.forks_count, 'forks_count').to.equal((await all(ada, '/repos/ada/engine/forks')).length);
    expect(repository.forks, 'forks').to.equal(repository.forks_count);
    expect(repository.stargazers_count, 'stargazers_count').to.equal((await all(ada, '/repos/ada/engine/stargazers')).length);
    expect(repository.watchers_count).to.equal(repository.stargazers_count);
    expect(repository.subscribers_count, 'subscribers_count').to.equal((await all(ada, '/repos/ada/engine/subscribers')).length);
    // Lists show the same counts as the full repository.
    const listed = (await all(ada, '/users/ada/repos')).find((entry) => (entry as { name: string }).name === 'engine') as Record<string, number>;
    for (const key of ['open_issues_count', 'forks_count', 'stargazers_count', 'watchers_count'])
      expect(listed[key], `listed ${key}`).to.equal(repository[key]);

    for (const number of [1, 2, 3]) {
      const issue = (await api(server, ada, 'GET', `/repos/ada/engine/issues/${number}`)).body;
      expect(issue.comments, `#${number} comments`).to.equal((await all(ada, `/repos/ada/engine/issues/${number}/comments`)).length);
      const reactions = (await all(ada, `/repos/ada/engine/issues/${number}/reactions`)) as { content: string }[];
      expect(issue.reactions.total_count, `#${number} reactions`).to.equal(reactions.length);
      expect(issue.reactions['+1']).to.equal(reactions.filter((reaction) => reaction.content === '+1').length);
    }
    const milestone = (await api(server, ada, 'GET', '/repos/ada/engine/milestones/1')).body;
    expect(milestone.open_issues, 'milestone open').to.equal((await all(ada, '/repos/ada/engine/issues?milestone=1&state=open')).length);
    expect(milestone.closed_issues, 'milestone closed').to.equal((await all(ada, '/repos/ada/engine/issues?milestone=1&state=closed')).length);
  }

  it('after the world is made', async () => {
    await expectCountsMatchLists();
    expect((await api(server, null, 'GET', '/users/ada')).body.public_repos).to.equal(2);
    expect((await api(server, ada, 'GET', '/repos/ada/engine')).body).to.include({
      open_issues_count: 4,
      forks_count: 2,
      stargazers_count: 2,
      subscribers_count: 1,
    });
  });

  it('after issues close and reopen, comments and reactions go, stars, follows and forks are undone, and repositories change visibility and owner', async () => {
    expect((await api(server, ada, 'PATCH', '/repos/ada/engine/issues/2', { state: 'closed' })).status).to.equal(200);
    expect((await api(server, ada, 'PATCH', '/repos/ada/engine/issues/3', { state: 'closed' })).status).to.equal(200);
    expect((await api(server, ada, 'PATCH', '/repos/ada/engine/issues/3', { state: 'open' })).status).to.equal(200);
    expect((await api(server, ada, 'PATCH', '/repos/ada/engine/issues/3', { milestone: null })).status).to.equal(200);
    const comments = (await all(ada, '/repos/ada/engine/issues/1/comments')) as { id: number }[];
    expect((await api(server, cy, 'DELETE', `/repos/ada/engine/issues/comments/${comments[0]!.id}`)).status).to.equal(204);
    const reactions = (await all(ada, '/repos/ada/engine/issues/1/reactions')) as { id: number; user: { login: string } }[];
    const cysReaction = reactions.find((reaction) => reaction.user.login === 'cy')!;
    expect((await api(server, cy, 'DELETE', `/repos/ada/engine/issues/1/reactions/${cysReaction.id}`)).status).to.equal(204);
    expect((await api(server, cy, 'DELETE', '/user/starred/ada/engine')).status).to.equal(204);
    expect((await api(server, bo, 'DELETE', '/user/following/ada')).status).to.equal(204);
    expect((await api(server, bo, 'DELETE', '/repos/bo/engine')).status).to.equal(204);
    expect((await api(server, bo, 'DELETE', '/repos/ada/engine/subscription')).status).to.equal(204);
    expect((await api(server, ada, 'PATCH', '/repos/ada/site', { private: true })).status).to.equal(200);
    expect((await api(server, ada, 'POST', '/repos/ada/notes/transfer', { new_owner: 'works' })).status).to.equal(202);
    await expectCountsMatchLists();
    expect((await api(server, null, 'GET', '/users/ada')).body.public_repos).to.equal(1);
  });

  it('a replay of the log gives the same counters', async () => {
    await server.stop();
    const before = await readModelsIn(server.dataDir);
    const rebuilt = await runCli(['rebuild'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
    expect(rebuilt.code, rebuilt.stderr).to.equal(0);
    expect(await readModelsIn(server.dataDir)).to.deep.equal(before);
    server = await startTestServer({}, server.dataDir);
    await expectCountsMatchLists();
  });
});
