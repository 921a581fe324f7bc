import { expect } from 'chai';
import { expectEventsSchema } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, addCollaborator } from '../repositories/repositoryFixtures.js';
import { expectPollInterval, feed, pushOverHttp, settled, types } from './activityFixtures.js';

const MINUTE = 60_000;

// Actions through the API, and the events they leave in each of the nine feeds.
describe('activity feeds: events derived from what happened, in the feeds that show them', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-25T10:00:00Z'));
  let octocat: string;
  let fan: string;
  let follower: string;
  let forker: string;
  let pushSha: string;

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    octocat = await createUser(server, 'octocat');
    fan = await createUser(server, 'fan');
    follower = await createUser(server, 'follower');
    forker = await createUser(server, 'forker');
    await createUser(server, 'helper');
    expect((await api(server, follower, 'PUT', '/user/following/octocat')).status).to.equal(204);
    await createRepository(server, octocat, { name: 'hello', description: 'Hello, world', auto_init: true });
    expect((await api(server, octocat, 'PUT', '/repos/octocat/hello/subscription', { subscribed: true })).status).to.equal(200);
    pushSha = await pushOverHttp(server, 'octocat', 'octocat/hello', 'main', { 'greeting.txt': 'hi\n' }, 'Add a greeting');
    const issue = await api(server, octocat, 'POST', '/repos/octocat/hello/issues', { title: 'Found a bug', body: 'It breaks' });
    expect(issue.status).to.equal(201);
    expect((await api(server, fan, 'POST', '/repos/octocat/hello/issues/1/comments', { body: 'Me too' })).status).to.equal(201);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/hello/issues/1', { state: 'closed' })).status).to.equal(200);
    expect((await api(server, fan, 'PUT', '/user/starred/octocat/hello')).status).to.equal(204);
    expect((await api(server, forker, 'POST', '/repos/octocat/hello/forks', {})).status).to.equal(202);
    await addCollaborator(server, octocat, 'octocat/hello', 'helper', 'push');
    await createRepository(server, octocat, { name: 'secret', private: true });
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/secret', { private: false })).status).to.equal(200);
    await settled(server);
  });
  after(() => server.close());

  it('GET /repos/{owner}/{repo}/events: every event of the repository, newest first, with GitHub payloads', async () => {
    const { status, body, headers } = await feed(server, null, '/repos/octocat/hello/events');
    expect(status).to.equal(200);
    expectEventsSchema(body);
    expect(types(body)).to.deep.equal([
      'MemberEvent',
      'ForkEvent',
      'WatchEvent',
      'IssuesEvent',
      'IssueCommentEvent',
      'IssuesEvent',
      'PushEvent',
      'CreateEvent',
    ]);
    const ids = body.map((event: any) => Number(event.id));
    expect(ids).to.deep.equal([...ids].sort((a, b) => b - a));
    expectPollInterval(headers.get('x-poll-interval'));
    expect(headers.get('etag')).to.match(/^W\/"[0-9a-f]{64}"$/);
    const [member, fork, watch, closed, comment, opened, push, create] = body;
    expect(create.payload).to.deep.include({ ref: null, ref_type: 'repository', master_branch: 'main', description: 'Hello, world', pusher_type: 'user' });
    expect(create.actor).to.deep.include({ login: 'octocat', display_login: 'octocat', gravatar_id: '', url: `${server.url}/users/octocat` });
    expect(create.repo).to.deep.equal({ id: create.repo.id, name: 'octocat/hello', url: `${server.url}/repos/octocat/hello` });
    expect(create.public).to.equal(true);
    expect(create.created_at).to.equal('2026-11-25T10:00:00Z');
    expect(create).to.not.have.property('org');
    expect(push.payload).to.deep.include({ ref: 'refs/heads/main', head: pushSha, size: 1, distinct_size: 1 });
    expect(push.payload.commits).to.deep.equal([
      {
        sha: pushSha,
        author: { email: 'octocat@example.com', name: 'Octo Cat' },
        message: 'Add a greeting',
        distinct: true,
        url: `${server.url}/repos/octocat/hello/commits/${pushSha}`,
      },
    ]);
    expect(push.payload.push_id).to.be.a('number');
    expect(push.payload.before).to.match(/^[0-9a-f]{40}$/);
    expect(opened.payload.action).to.equal('opened');
    expect(opened.payload.issue).to.deep.include({ number: 1, title: 'Found a bug', state: 'open', comments: 0 });
    expect(comment.actor.login).to.equal('fan');
    expect(comment.payload.comment).to.deep.include({ body: 'Me too', author_association: 'NONE' });
    expect(comment.payload.issue).to.deep.include({ number: 1, comments: 1, state: 'open' });
    expect(closed.payload.action).to.equal('closed');
    expect(closed.payload.issue.state).to.equal('closed');
    expect(watch).to.deep.include({ type: 'WatchEvent' });
    expect(watch.payload).to.deep.equal({ action: 'started' });
    expect(watch.actor.login).to.equal('fan');
    expect(fork.actor.login).to.equal('forker');
    // GitHub's forkee also says whether it is public (the fork event schema's `public`).
    expect(fork.payload.forkee).to.deep.include({ full_name: 'forker/hello', fork: true, private: false, public: true });
    expect(member.payload.action).to.equal('added');
    expect(member.payload.member).to.deep.include({ login: 'helper', type: 'User' });
  });

  it('snapshots: an event shows the issue as it was when it happened', async () => {
    const { body } = await feed(server, null, '/repos/octocat/hello/events');
    const opened = body.find((event: any) => event.type === 'IssuesEvent' && event.payload.action === 'opened');
    expect(opened.payload.issue.state).to.equal('open');
    expect(opened.payload.issue.closed_at).to.equal(null);
  });

  it('GET /users/{username}/events and /events/public: what the user did, not what others did to their repositories', async () => {
    const { body } = await feed(server, octocat, '/users/octocat/events');
    expectEventsSchema(body);
    expect(types(body)).to.deep.equal(['PublicEvent', 'CreateEvent', 'MemberEvent', 'IssuesEvent', 'IssuesEvent', 'PushEvent', 'CreateEvent']);
    expect(body.every((event: any) => event.actor.login === 'octocat')).to.equal(true);
    // Anyone else sees the public ones only.
    const anonymous = await feed(server, fan, '/users/octocat/events');
    expect(anonymous.body).to.deep.equal(body.filter((event: any) => event.public));
    expect((await feed(server, octocat, '/users/octocat/events/public')).body).to.deep.equal(anonymous.body);
    const fanEvents = await feed(server, null, '/users/fan/events/public');
    expect(types(fanEvents.body)).to.deep.equal(['WatchEvent', 'IssueCommentEvent']);
    // What others did in octocat's repository is not octocat's, nor the other way round.
    const forkerEvents = await feed(server, forker, '/users/forker/events');
    expect(types(forkerEvents.body)).to.deep.equal(['ForkEvent']);
    expect((await feed(server, null, '/users/helper/events')).body).to.deep.equal([]);
    expect(types((await feed(server, null, '/repos/forker/hello/events')).body)).to.deep.equal([]);
  });

  it('PublicEvent when a private repository is made public; the events from its private days stay private', async () => {
    const anonymous = await feed(server, null, '/repos/octocat/secret/events');
    expect(types(anonymous.body)).to.deep.equal(['PublicEvent']);
    expect(anonymous.body[0].public).to.equal(true);
    expect(anonymous.body[0].payload).to.deep.equal({});
    const owner = await feed(server, octocat, '/repos/octocat/secret/events');
    expect(types(owner.body)).to.deep.equal(['PublicEvent', 'CreateEvent']);
    expect(owner.body[1].public).to.equal(false);
  });

  it('GET /users/{username}/received_events: events of followed users and watched repositories', async () => {
    const { body } = await feed(server, follower, '/users/follower/received_events');
    expectEventsSchema(body);
    // The private repository's creation is not theirs to see, though the repository is public now.
    expect(types(body)).to.deep.equal(['PublicEvent', 'MemberEvent', 'IssuesEvent', 'IssuesEvent', 'PushEvent', 'CreateEvent']);
    expect(body.every((event: any) => event.actor.login === 'octocat')).to.equal(true);
    const publicOnly = await feed(server, null, '/users/follower/received_events/public');
    expect(publicOnly.body).to.deep.equal(body);
    // octocat watches its repository: what others do there is received.
    const watcher = await feed(server, octocat, '/users/octocat/received_events');
    expect(types(watcher.body)).to.deep.equal(['ForkEvent', 'WatchEvent', 'IssueCommentEvent']);
  });

  it('GET /networks/{owner}/{repo}/events: the repository and its forks, by any name in the network, any case', async () => {
    const fromFork = await feed(server, null, '/networks/Forker/HELLO/events');
    const fromRoot = await feed(server, null, '/networks/octocat/hello/events');
    expect(fromFork.status).to.equal(200);
    expectEventsSchema(fromFork.body);
    expect(fromFork.body).to.deep.equal(fromRoot.body);
    expect(types(fromRoot.body)).to.deep.equal([
      'MemberEvent',
      'ForkEvent',
      'WatchEvent',
      'IssuesEvent',
      'IssueCommentEvent',
      'IssuesEvent',
      'PushEvent',
      'CreateEvent',
    ]);
    await pushOverHttp(server, 'forker', 'forker/hello', 'main', { 'fork.txt': 'mine\n' }, 'Work in the fork');
    const afterPush = await feed(server, null, '/networks/octocat/hello/events');
    expect(afterPush.body[0]).to.deep.include({ type: 'PushEvent' });
    expect(afterPush.body[0].repo.name).to.equal('forker/hello');
    expect((await feed(server, null, '/repos/octocat/hello/events')).body[0].type).to.equal('MemberEvent');
  });

  it('GET /networks/{owner}/{repo}/events answers 301 at a renamed or transferred repository’s former name, 404 for an unknown one', async () => {
    expect((await api(server, forker, 'PATCH', '/repos/forker/hello', { name: 'hello-fork' })).status).to.equal(200);
    const moved = await feed(server, null, '/networks/forker/hello/events?per_page=2');
    expect(moved.status).to.equal(301);
    expect(moved.headers.get('location')).to.equal(`${server.url}/networks/forker/hello-fork/events?per_page=2`);
    expect((await api(server, forker, 'POST', '/repos/forker/hello-fork/transfer', { new_owner: 'fan' })).status).to.equal(202);
    const transferred = await feed(server, null, '/networks/forker/hello-fork/events');
    expect(transferred.status).to.equal(301);
    expect(transferred.headers.get('location')).to.equal(`${server.url}/networks/fan/hello-fork/events`);
    const atNewOwner = await feed(server, null, '/networks/fan/hello-fork/events');
    expect(atNewOwner.status).to.equal(200);
    expect(atNewOwner.body).to.deep.equal((await feed(server, null, '/networks/octocat/hello/events')).body);
    expect((await feed(server, null, '/networks/forker/nothing/events')).status).to.equal(404);
    expect((await feed(server, null, '/users/nobody/events')).status).to.equal(404);
  });

  it('GET /events: public events only, each once it is five minutes old', async () => {
    const early = await feed(server, null, '/events');
    expect(early.status).to.equal(200);
    expect(early.body).to.deep.equal([]);
    clock.advance(5 * MINUTE);
    const { body } = await feed(server, null, '/events');
    expectEventsSchema(body);
    expect(body.every((event: any) => event.public === true)).to.equal(true);
    expect(body.some((event: any) => event.repo.name === 'octocat/secret' && event.type === 'CreateEvent')).to.equal(false);
    expect(types(body).slice(-3)).to.deep.equal(['IssuesEvent', 'PushEvent', 'CreateEvent']);
    // Something newer waits its five minutes.
    expect((await api(server, fan, 'PUT', '/user/starred/octocat/secret')).status).to.equal(204);
    expect((await feed(server, null, '/events')).body[0].type).to.not.equal('WatchEvent');
    clock.advance(5 * MINUTE);
    const later = await feed(server, null, '/events');
    expect(later.body[0]).to.deep.include({ type: 'WatchEvent' });
    expect(later.body[0].repo.name).to.equal('octocat/secret');
  });

  it('paginates with per_page and page, with a Link header; a page past the end is an empty array', async () => {
    const all = (await feed(server, null, '/repos/octocat/hello/events')).body;
    const first = await feed(server, null, '/repos/octocat/hello/events?per_page=3');
    expect(first.body).to.deep.equal(all.slice(0, 3));
    const last = Math.ceil(all.length / 3);
    expect(first.headers.get('link')).to.equal(
      `<${server.url}/repos/octocat/hello/events?per_page=3&page=2>; rel="next", <${server.url}/repos/octocat/hello/events?per_page=3&page=${last}>; rel="last"`,
    );
    const second = await feed(server, null, '/repos/octocat/hello/events?per_page=3&page=2');
    expect(second.body).to.deep.equal(all.slice(3, 6));
    const beyond = await feed(server, null, '/repos/octocat/hello/events?per_page=3&page=40');
    expect(beyond.status).to.equal(200);
    expect(beyond.body).to.deep.equal([]);
  });

  it('a page starting past the 300 events a feed keeps answers 422 "pagination is limited", on every feed, whatever the feed holds', async () => {
    for (const path of ['/repos/octocat/hello/events', '/users/octocat/events', '/users/follower/received_events', '/events']) {
      for (const query of ['per_page=100&page=4', 'page=11', 'per_page=1&page=301']) {
        const refused = await feed(server, null, `${path}?${query}`);
        expect(refused.status, `${path}?${query}`).to.equal(422);
        expect(refused.body.message).to.match(/^In order to keep the API fast for everyone, pagination is limited for this resource\./);
        expect(refused.body.documentation_url).to.be.a('string');
      }
      // The last pages within reach answer, empty past the feed's own end.
      for (const query of ['per_page=100&page=3', 'page=10', 'per_page=1&page=300'])
        expect((await feed(server, null, `${path}?${query}`)).status).to.equal(200);
    }
    const signedIn = await feed(server, octocat, '/users/octocat/events/orgs/none?per_page=100&page=4');
    expect(signedIn.status, 'an unknown organization is still 404').to.equal(404);
  });

  // The 422 said "Check the rel=last link relation in the Link response header", GitHub's words
  // of the developer.github.com days, yet carried no Link header. api.github.com's answer today
  // (with its `status`) is the first sentence alone, pointing at nothing it does not send.
  it('words the pagination limit as api.github.com does today, with no Link header to check', async () => {
    const refused = await feed(server, null, '/repos/octocat/hello/events?per_page=100&page=4');
    expect(refused.status).to.equal(422);
    expect(refused.body).to.deep.equal({
      message: 'In order to keep the API fast for everyone, pagination is limited for this resource.',
      documentation_url: 'https://docs.github.com/v3/#pagination',
      status: '422',
    });
    expect(refused.headers.get('link')).to.equal(null);
  });

  it('feeds after a full rebuild of the activity projection equal the live feeds', async () => {
    const paths = ['/repos/octocat/hello/events', '/users/octocat/events', '/users/follower/received_events', '/networks/octocat/hello/events', '/events'];
    const live = [];
    for (const path of paths) live.push((await feed(server, octocat, path)).body);
    await server.runtime.runner.rebuild(['activity']);
    for (const [index, path] of paths.entries()) expect((await feed(server, octocat, path)).body, path).to.deep.equal(live[index]);
  });
});
