import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { runCli } from '../../../support/runCli.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

// A pull request whose head fork was deleted: GitHub answers head.repo null, but its owner's
// account still exists, so head.user names them and head.label is theirs (the schema's
// head.user is not nullable; it is null only once the account is gone, the ghost's cases).
describe('a pull request whose head fork was deleted keeps its head user', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let alice: string;
  let bob: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    await createRepository(server, alice, { name: 'app', auto_init: true });
    const fork = await api(server, bob, 'POST', '/repos/alice/app/forks', {});
    await bench.pushBranch(fork.body.id, 'idea', { 'idea.txt': 'i\n' });
    const opened = await api(server, bob, 'POST', '/repos/alice/app/pulls', { title: 'an idea', head: 'bob:idea', base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    expect(opened.body.head).to.deep.include({ label: 'bob:idea', ref: 'idea' });
    expect((await api(server, bob, 'DELETE', '/repos/bob/app')).status).to.equal(204);
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  const expectBobsHead = (head: any, where: string) => {
    expect(head.repo, where).to.equal(null);
    expect(head.label, where).to.equal('bob:idea');
    expect(head.ref, where).to.equal('idea');
    expect(head.user, where).to.not.equal(null);
    expect(head.user, where).to.include({ login: 'bob', url: `${server.url}/users/bob` });
  };

  it('GET and the list answer head.user and head.label of the fork owner, head.repo null; base unchanged', async () => {
    const read = await api(server, alice, 'GET', '/repos/alice/app/pulls/1');
    expect(read.status).to.equal(200);
    expectBobsHead(read.body.head, 'pull');
    expect(read.body.base.user.login).to.equal('alice');
    expect(read.body.base.repo.full_name).to.equal('alice/app');
    const listed = await api(server, null, 'GET', '/repos/alice/app/pulls');
    expectBobsHead(listed.body[0].head, 'listed');
    const octokit = basicOctokit(server, 'alice', PASSWORD);
    expectBobsHead((await octokit.rest.pulls.get({ owner: 'alice', repo: 'app', pull_number: 1 })).data.head, 'octokit');
  });

  it('the same after `forgelog rebuild pull-requests`', async () => {
    const before = (await api(server, alice, 'GET', '/repos/alice/app/pulls/1')).body.head;
    await server.stop();
    const rebuilt = await runCli(['rebuild', 'pull-requests'], {
      FORGELOG_DATA_DIR: server.dataDir,
      FORGELOG_ADMIN_PASSWORD: ADMIN_PASSWORD,
      FORGELOG_LOG_LEVEL: 'silent',
    });
    expect(rebuilt.code, rebuilt.stderr).to.equal(0);
    server = await startTestServer({}, server.dataDir);
    const after = (await api(server, alice, 'GET', '/repos/alice/app/pulls/1')).body.head;
    expectBobsHead(after, 'rebuilt');
    expect(JSON.stringify(after).replaceAll(server.url, '')).to.equal(JSON.stringify(before).replace(/http:\/\/127\.0\.0\.1:\d+/g, ''));
  });

  it('once the account is deleted too, head.user is null, as GitHub answers for its ghosts', async () => {
    expect((await api(server, server.adminAuthorization, 'DELETE', '/admin/users/bob')).status).to.equal(204);
    const read = await api(server, alice, 'GET', '/repos/alice/app/pulls/1');
    expect(read.body.head.repo).to.equal(null);
    expect(read.body.head.user).to.equal(null);
  });
});
