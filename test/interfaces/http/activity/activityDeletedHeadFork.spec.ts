import { expect } from 'chai';
import { expectEventsSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { feed } from './activityFixtures.js';

// A pull request event whose head fork is gone: its head is shown as GET /pulls/{number} shows
// it (deletedHeadFork.spec.ts): repo null, but label and user still the fork owner's.
describe("activity feeds: a pull request event whose head fork was deleted keeps its head's owner", () => {
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
    expect((await api(server, bob, 'POST', '/repos/alice/app/pulls', { title: 'an idea', head: 'bob:idea', base: 'main' })).status).to.equal(201);
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it('before and after the deletion, the event head names bob as the pull request does', async () => {
    // The schema has no null head.repo, which GitHub answers for a deleted fork: checked before.
    const headOf = async (checked: boolean) => {
      const { body } = await feed(server, null, '/repos/alice/app/events');
      if (checked) expectEventsSchema(body);
      return body.find((event: any) => event.type === 'PullRequestEvent').payload.pull_request.head;
    };
    const before = await headOf(true);
    expect(before).to.deep.include({ label: 'bob:idea', ref: 'idea' });
    expect(before.repo.full_name).to.equal('bob/app');
    expect((await api(server, bob, 'DELETE', '/repos/bob/app')).status).to.equal(204);
    const after = await headOf(false);
    const read = await api(server, null, 'GET', '/repos/alice/app/pulls/1');
    expect(read.body.head).to.deep.include({ label: 'bob:idea', repo: null });
    expect(after).to.deep.include({ label: 'bob:idea', ref: 'idea', sha: before.sha, repo: null });
    expect(after.user).to.deep.equal(read.body.head.user);
  });
});
