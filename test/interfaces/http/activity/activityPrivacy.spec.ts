import { expect } from 'chai';
import { expectEventsSchema } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { feed, settled } from './activityFixtures.js';

// Private events never reach a caller who cannot see them: every feed, every kind of caller.
describe('activity feeds: a private event, over all nine feeds and seven kinds of caller', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-25T10:00:00Z'));
  const callers: Record<string, string | null> = { anonymous: null };
  let privateEventId: string;
  let publicEventId: string;
  let memberReadsVault: boolean;

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    for (const login of ['boss', 'member', 'stranger', 'fan']) callers[login] = await createUser(server, login);
    // The repository's owner through OAuth tokens: with `repo`, and with only `read:user`.
    const token = async (scopes: string[]) => {
      const created = await api(server, callers.boss, 'POST', '/authorizations', { scopes, note: scopes.join(' ') });
      expect(created.status).to.equal(201);
      return `token ${created.body.token as string}`;
    };
    callers.bossRepoToken = await token(['repo']);
    callers.bossUserToken = await token(['read:user']);
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    expect((await api(server, callers.boss, 'PUT', '/orgs/acme/memberships/member', { role: 'member' })).status).to.equal(200);
    expect((await api(server, callers.fan, 'PUT', '/user/following/boss')).status).to.equal(204);
    await createRepository(server, callers.boss!, { name: 'vault', private: true }, '/orgs/acme/repos');
    await createRepository(server, callers.boss!, { name: 'open' }, '/orgs/acme/repos');
    memberReadsVault = (await api(server, callers.member, 'GET', '/repos/acme/vault')).status === 200;
    if (memberReadsVault) expect((await api(server, callers.member, 'PUT', '/repos/acme/vault/subscription', { subscribed: true })).status).to.equal(200);
    expect((await api(server, callers.fan, 'PUT', '/repos/acme/vault/subscription', { subscribed: true })).status).to.equal(404);
    expect((await api(server, callers.boss, 'POST', '/repos/acme/vault/issues', { title: 'Secret plans' })).status).to.equal(201);
    expect((await api(server, callers.boss, 'POST', '/repos/acme/open/issues', { title: 'Public plans' })).status).to.equal(201);
    await settled(server);
    const own = await feed(server, callers.boss, '/repos/acme/vault/events');
    privateEventId = own.body.find((event: any) => event.type === 'IssuesEvent').id;
    expect(own.body.find((event: any) => event.type === 'IssuesEvent')).to.deep.include({ public: false });
    expect(own.body[0].org).to.deep.include({ login: 'acme', url: `${server.url}/orgs/acme` });
    publicEventId = (await feed(server, null, '/repos/acme/open/events')).body.find((event: any) => event.type === 'IssuesEvent').id;
    // /events shows events five minutes old: both are, from here on.
    clock.advance(6 * 60_000);
  });
  after(() => server.close());

  const feeds = (viewer: string) => [
    '/events',
    '/repos/acme/vault/events',
    '/networks/acme/vault/events',
    '/orgs/acme/events',
    '/users/boss/events',
    '/users/boss/events/public',
    `/users/${viewer === 'anonymous' || viewer.startsWith('boss') ? 'boss' : viewer}/events/orgs/acme`,
    '/users/fan/received_events',
    '/users/fan/received_events/public',
    '/users/member/received_events',
  ];

  // Who may see the private event where: the repository's readers, in the feeds that show
  // private events to the user they belong to.
  function expected(viewer: string, path: string): boolean {
    const boss = viewer === 'boss' || viewer === 'bossRepoToken';
    const reader = boss || (viewer === 'member' && memberReadsVault);
    if (path === '/repos/acme/vault/events') return reader;
    if (path === '/users/boss/events') return boss;
    if (path === `/users/${viewer.startsWith('boss') ? 'boss' : viewer}/events/orgs/acme`) return reader;
    if (path === '/users/member/received_events') return viewer === 'member' && memberReadsVault;
    return false;
  }

  for (const viewer of ['anonymous', 'stranger', 'fan', 'member', 'boss', 'bossRepoToken', 'bossUserToken']) {
    it(`as ${viewer}`, async () => {
      for (const path of feeds(viewer)) {
        const { status, body } = await feed(server, callers[viewer], path);
        if (status !== 200) {
          expect(expected(viewer, path), `${path} answered ${status}`).to.equal(false);
          expect(status, path).to.be.oneOf([401, 404]);
          expect(body.message).to.be.a('string');
          continue;
        }
        expectEventsSchema(body);
        const ids = body.map((event: any) => event.id);
        expect(ids.includes(privateEventId), `${viewer} ${path}`).to.equal(expected(viewer, path));
        if (!expected(viewer, path))
          expect(
            body.every((event: any) => event.public),
            `${viewer} ${path}`,
          ).to.equal(true);
      }
    });
  }

  it('the public control event is where public events go', async () => {
    expect((await feed(server, null, '/events')).body.map((event: any) => event.id)).to.include(publicEventId);
    expect((await feed(server, null, '/orgs/acme/events')).body.map((event: any) => event.id)).to.include(publicEventId);
    expect((await feed(server, null, '/users/boss/events/public')).body.map((event: any) => event.id)).to.include(publicEventId);
    expect((await feed(server, null, '/users/fan/received_events')).body.map((event: any) => event.id)).to.include(publicEventId);
  });

  it('after a full rebuild of the activity projection, all nine feeds answer every caller as before, read again', async () => {
    const answers = async () => {
      const all: unknown[] = [];
      for (const viewer of Object.keys(callers))
        for (const path of feeds(viewer)) {
          const { status, body, headers } = await feed(server, callers[viewer], path);
          all.push({ viewer, path, status, body, etag: headers.get('etag') });
        }
      return all;
    };
    const live = await answers();
    expect(live.filter((answer: any) => answer.status === 200 && answer.body.length > 0).length).to.be.above(20);
    const stamp = server.runtime.runner.appliedStamp();
    await server.runtime.runner.rebuild(['activity']);
    // The swap alone changes the stamp: no page worked out before it may answer after it.
    expect(server.runtime.runner.appliedStamp()).to.not.equal(stamp);
    expect(await answers()).to.deep.equal(live);
  });

  it('a collaborator removed loses the private events at once; the organization dashboard needs its own user and membership', async () => {
    expect((await feed(server, callers.boss, '/users/member/events/orgs/acme')).status).to.equal(404);
    expect((await feed(server, null, '/users/boss/events/orgs/acme')).status).to.equal(401);
    expect((await feed(server, callers.stranger, '/users/stranger/events/orgs/acme')).status).to.equal(404);
    expect((await api(server, callers.boss, 'DELETE', '/orgs/acme/memberships/member')).status).to.equal(204);
    const after = await feed(server, callers.member, '/users/member/received_events');
    expect(after.body.map((event: any) => event.id)).to.not.include(privateEventId);
  });
});
