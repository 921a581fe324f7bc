import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';
import { settled } from '../activity/activityFixtures.js';

// A deleted account's pull requests stay in the repository they were opened on, as its issues
// do (on GitHub they are then the "ghost" user's, as here): the issue side links to them, the
// counts count them, and the repository's maintainers still close them.
describe("a deleted user's pull requests stay readable", () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let alice: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    alice = await createUser(server, 'alice');
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it('reads, lists and closes a pull request whose author and head fork were deleted', async () => {
    await createRepository(server, alice, { name: 'app', auto_init: true });
    const leaver = await createUser(server, 'leaver');
    const fork = await api(server, leaver, 'POST', '/repos/alice/app/forks', {});
    await bench.pushBranch(fork.body.id, 'idea', { 'idea.txt': 'i\n' });
    const opened = await api(server, leaver, 'POST', '/repos/alice/app/pulls', { title: 'an idea', head: 'leaver:idea', base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    expect((await api(server, server.adminAuthorization, 'DELETE', '/admin/users/leaver')).status).to.equal(204);

    for (const [who, authorization] of [
      ['anonymous', null],
      ['alice', alice],
    ] as const) {
      const read = await api(server, authorization, 'GET', '/repos/alice/app/pulls/1');
      expect(read.status, who).to.equal(200);
      expect(read.body.title, who).to.equal('an idea');
      expect(read.body.user.login, who).to.equal('ghost');
      expect(read.body.head.repo, who).to.equal(null);
      const listed = await api(server, authorization, 'GET', '/repos/alice/app/pulls');
      expect(
        listed.body.map((pull: any) => [pull.number, pull.user.login]),
        who,
      ).to.deep.equal([[1, 'ghost']]);
      const issueSide = await api(server, authorization, 'GET', '/repos/alice/app/issues/1');
      expect(issueSide.body.pull_request.url, who).to.equal(read.body.url);
    }
    const closed = await api(server, alice, 'PATCH', '/repos/alice/app/pulls/1', { state: 'closed' });
    expect(closed.status, JSON.stringify(closed.body)).to.equal(200);
    expect(closed.body.state).to.equal('closed');

    // The change is an event as any other pull request's.
    await settled(server);
    const events = await api(server, null, 'GET', '/repos/alice/app/events');
    const closing = events.body.find((event: any) => event.type === 'PullRequestEvent' && event.payload.action === 'closed');
    expect(closing, JSON.stringify(events.body.map((event: any) => event.type))).to.not.equal(undefined);
    expect(closing.actor.login).to.equal('alice');
    expect(closing.payload.pull_request.number).to.equal(1);
    expect(closing.payload.pull_request.user).to.include({ login: 'ghost', id: 10137 });
  });
});
