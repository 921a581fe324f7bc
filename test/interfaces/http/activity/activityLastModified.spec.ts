import { expect } from 'chai';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { settled } from './activityFixtures.js';

const HOUR = 3_600_000;

// Events leave a feed without a new event when a repository is made private or deleted: the
// feed's Last-Modified must not move back to an older event, or If-Modified-Since would answer
// 304 for a page that changed.
describe('activity feeds: Last-Modified never moves back while the page changes', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
  let octocat: string;
  let mona: string;
  // Read a second after the changes (and the clock put back): a feed read within its newest
  // change's second is dated a second earlier (activityPolling.spec.ts shows that).
  const conditional = async (path: string, authorization: string | null, headers: Record<string, string>) => {
    await settled(server);
    clock.advance(1000);
    try {
      const answer = await fetch(`${server.url}${path}`, { headers: { ...(authorization ? { authorization } : {}), ...headers } });
      return { status: answer.status, lastModified: answer.headers.get('last-modified'), etag: answer.headers.get('etag'), text: await answer.text() };
    } finally {
      clock.advance(-1000);
    }
  };
  const repositoriesOf = (text: string) => (JSON.parse(text) as { repo: { name: string } }[]).map((event) => event.repo.name);

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    octocat = await createUser(server, 'octocat');
    mona = await createUser(server, 'mona');
    expect((await api(server, mona, 'PUT', '/user/following/octocat')).status).to.equal(204);
    clock.advance(HOUR);
    await createRepository(server, octocat, { name: 'first' });
    clock.advance(HOUR);
    await createRepository(server, octocat, { name: 'plain' });
    clock.advance(HOUR);
    await createRepository(server, octocat, { name: 'secret' });
    await settled(server);
  });
  after(() => server.close());

  it('received_events: the newest event made private, If-Modified-Since with the old date answers 200 with a later Last-Modified', async () => {
    const first = await conditional('/users/mona/received_events', mona, {});
    expect(repositoriesOf(first.text)).to.deep.equal(['octocat/secret', 'octocat/plain', 'octocat/first']);
    expect(first.lastModified).to.equal(new Date('2026-06-01T03:00:00Z').toUTCString());
    clock.advance(HOUR);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/secret', { private: true })).body.private).to.equal(true);
    const since = await conditional('/users/mona/received_events', mona, { 'if-modified-since': first.lastModified! });
    expect(since.status).to.equal(200);
    expect(repositoriesOf(since.text)).to.deep.equal(['octocat/plain', 'octocat/first']);
    expect(since.lastModified).to.equal(new Date('2026-06-01T04:00:00Z').toUTCString());
    expect(since.etag).not.to.equal(first.etag);
    // Unchanged since: 304 to both validators.
    expect((await conditional('/users/mona/received_events', mona, { 'if-modified-since': since.lastModified! })).status).to.equal(304);
    expect((await conditional('/users/mona/received_events', mona, { 'if-none-match': since.etag! })).status).to.equal(304);
  });

  it('a deleted repository: its events leave the feeds, If-Modified-Since answers 200', async () => {
    const before = await conditional('/users/mona/received_events/public', null, {});
    expect(repositoriesOf(before.text)).to.deep.equal(['octocat/plain', 'octocat/first']);
    clock.advance(HOUR);
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/plain')).status).to.equal(204);
    const since = await conditional('/users/mona/received_events/public', null, { 'if-modified-since': before.lastModified! });
    expect(since.status).to.equal(200);
    expect(repositoriesOf(since.text)).to.deep.equal(['octocat/first']);
    expect(since.lastModified).to.equal(new Date('2026-06-01T05:00:00Z').toUTCString());
  });

  it('/events: a repository made private leaves the public timeline, and its date moves forward', async () => {
    await createRepository(server, mona, { name: 'shown' });
    clock.advance(HOUR);
    const first = await conditional('/events', null, {});
    expect(repositoriesOf(first.text)[0]).to.equal('mona/shown');
    const shownAt = Date.parse(first.lastModified!);
    clock.advance(HOUR);
    expect((await api(server, mona, 'PATCH', '/repos/mona/shown', { private: true })).status).to.equal(200);
    const since = await conditional('/events', null, { 'if-modified-since': first.lastModified! });
    expect(since.status).to.equal(200);
    expect(repositoriesOf(since.text)).not.to.include('mona/shown');
    expect(Date.parse(since.lastModified!)).to.be.above(shownAt);
  });

  it("an organization's base permission or the reader's membership changes what shows: each moves Last-Modified forward", async () => {
    const admin = await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' });
    expect(admin.status, JSON.stringify(admin.body)).to.equal(201);
    expect((await api(server, octocat, 'PUT', '/orgs/acme/memberships/mona', { role: 'member' })).status).to.equal(200);
    clock.advance(HOUR);
    expect((await api(server, octocat, 'POST', '/orgs/acme/repos', { name: 'vault', private: true })).status).to.equal(201);
    const shown = await conditional('/users/mona/received_events', mona, {});
    expect(repositoriesOf(shown.text)[0]).to.equal('acme/vault');
    let last = shown.lastModified!;
    const changed = async (change: () => Promise<number>, vaultShown: boolean) => {
      clock.advance(HOUR);
      const at = new Date(clock.now()).toUTCString();
      expect(await change()).to.be.within(200, 204);
      const since = await conditional('/users/mona/received_events', mona, { 'if-modified-since': last });
      expect(since.status).to.equal(200);
      expect(repositoriesOf(since.text).includes('acme/vault')).to.equal(vaultShown);
      expect(since.lastModified).to.equal(at);
      expect((await conditional('/users/mona/received_events', mona, { 'if-modified-since': since.lastModified! })).status).to.equal(304);
      last = since.lastModified!;
    };
    const basePermission = (permission: string) => async () =>
      (await api(server, octocat, 'PATCH', '/orgs/acme', { default_repository_permission: permission })).status;
    await changed(basePermission('none'), false);
    await changed(basePermission('read'), true);
    await changed(async () => (await api(server, octocat, 'DELETE', '/orgs/acme/memberships/mona')).status, false);
  });
  // A private fork is read by its source's readers: a collaborator removed from the source
  // no longer sees the fork's events, and the feed's date moves with that removal.
  it("a reader removed from a private fork's source: the fork's events leave, Last-Modified moves forward", async () => {
    const hubot = await createUser(server, 'hubot');
    const lisa = await createUser(server, 'lisa');
    clock.advance(HOUR);
    await createRepository(server, octocat, { name: 'core', private: true, auto_init: true });
    await addCollaborator(server, octocat, 'octocat/core', 'lisa', 'pull');
    await addCollaborator(server, octocat, 'octocat/core', 'hubot', 'push');
    expect((await api(server, hubot, 'POST', '/repos/octocat/core/forks', {})).status).to.equal(202);
    await settled(server);
    expect((await api(server, lisa, 'PUT', '/user/following/hubot')).status).to.equal(204);
    clock.advance(HOUR);
    const pushed = await api(server, hubot, 'PUT', '/repos/hubot/core/contents/notes.txt', {
      message: 'notes',
      content: Buffer.from('n\n').toString('base64'),
    });
    expect(pushed.status, JSON.stringify(pushed.body)).to.equal(201);
    const shown = await conditional('/users/lisa/received_events', lisa, {});
    expect(repositoriesOf(shown.text)).to.deep.equal(['hubot/core']);
    clock.advance(HOUR);
    const at = new Date(clock.now()).toUTCString();
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/core/collaborators/lisa')).status).to.equal(204);
    const since = await conditional('/users/lisa/received_events', lisa, { 'if-modified-since': shown.lastModified! });
    expect(since.status).to.equal(200);
    expect(repositoriesOf(since.text)).to.deep.equal([]);
    expect(since.lastModified).to.equal(at);
  });
});
