import { expect } from 'chai';
import { expectEventsSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { feed, pushOverHttp } from './activityFixtures.js';

// The payload keys of the event types GitHub sends without an `action` (as GH Archive's
// records and GitHub's event-types page show them): a client switching on payload.action
// must find none there.
describe('activity feeds: payloads GitHub sends without an action', () => {
  let server: TestServer;
  let octocat: string;
  let forker: string;

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    forker = await createUser(server, 'forker');
    await createRepository(server, octocat, { name: 'hello', description: 'Hello', auto_init: true });
    await pushOverHttp(server, 'octocat', 'octocat/hello', 'main', { 'a.txt': 'a\n' }, 'Add a');
    await pushOverHttp(server, 'octocat', 'octocat/hello', 'topic', { 'b.txt': 'b\n' }, 'Add b');
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/hello/git/refs/heads/topic')).status).to.equal(204);
    expect((await api(server, forker, 'POST', '/repos/octocat/hello/forks', {})).status).to.equal(202);
    await createRepository(server, octocat, { name: 'secret', private: true });
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/secret', { private: false })).status).to.equal(200);
  });
  after(() => server.close());

  const keysOf = (event: { payload: Record<string, unknown> }) => Object.keys(event.payload).sort();

  it('PushEvent, CreateEvent, DeleteEvent, ForkEvent and PublicEvent carry exactly GitHub keys', async () => {
    const { body } = await feed(server, octocat, '/repos/octocat/hello/events?per_page=100');
    expectEventsSchema(body);
    const byType = (type: string) => body.filter((event: any) => event.type === type);
    for (const push of byType('PushEvent')) {
      expect(keysOf(push)).to.deep.equal(['before', 'commits', 'distinct_size', 'head', 'push_id', 'ref', 'repository_id', 'size']);
    }
    expect(byType('PushEvent')).to.have.length(2);
    const creates = byType('CreateEvent');
    expect(creates.map((event: any) => event.payload.ref_type).sort()).to.deep.equal(['branch', 'repository']);
    for (const create of creates) expect(keysOf(create)).to.deep.equal(['description', 'master_branch', 'pusher_type', 'ref', 'ref_type']);
    const [deleted] = byType('DeleteEvent');
    expect(deleted.payload).to.deep.equal({ ref: 'topic', ref_type: 'branch', pusher_type: 'user' });
    const [fork] = byType('ForkEvent');
    expect(keysOf(fork)).to.deep.equal(['forkee']);
    expect(fork.payload.forkee).to.deep.include({ full_name: 'forker/hello', public: true });
    const publicized = (await feed(server, null, '/repos/octocat/secret/events')).body;
    expectEventsSchema(publicized);
    expect(publicized.map((event: any) => event.type)).to.deep.equal(['PublicEvent']);
    expect(publicized[0].payload).to.deep.equal({});
  });

  it('the events that have an action keep it: WatchEvent started, MemberEvent added, IssuesEvent opened', async () => {
    expect((await api(server, forker, 'PUT', '/user/starred/octocat/hello')).status).to.equal(204);
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/issues', { title: 'A bug' })).status).to.equal(201);
    const { body } = await feed(server, octocat, '/repos/octocat/hello/events?per_page=2');
    expect(body.map((event: any) => [event.type, event.payload.action])).to.deep.equal([
      ['IssuesEvent', 'opened'],
      ['WatchEvent', 'started'],
    ]);
  });
});
