import { expect } from 'chai';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { settled, withoutActivityCheckpoint } from './activityFixtures.js';

const ATOM = 'application/atom+xml; charset=utf-8';
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' });

interface AtomDocument {
  readonly status: number;
  readonly headers: Headers;
  readonly feed: { id: string; title: string; updated: string; link: { '@_rel': string; '@_href': string }[]; entry?: AtomEntry[] };
}
interface AtomEntry {
  id: string;
  title: { '#text': string };
  link: { '@_href': string };
  author: { name: string; uri: string };
  published: string;
}

// An Atom answer, held to XML's rules first (the parser alone would accept what a feed reader refuses).
async function atom(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<AtomDocument> {
  await settled(server);
  const response = await fetch(`${server.url}${path}`, { headers });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, headers: response.headers, feed: undefined as never };
  expect(XMLValidator.validate(text), text.slice(0, 400)).to.equal(true);
  return { status: response.status, headers: response.headers, feed: parser.parse(text).feed };
}

const titles = (document: AtomDocument) => (document.feed.entry ?? []).map((entry) => entry.title['#text']);

// GitHub's feeds: GET /feeds names them, and they are Atom documents at the web root.
describe('Atom feeds (GET /feeds, /{user}.atom, /timeline.atom, the private feeds)', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-11-28T10:00:00Z'));
  let octocat: string;
  let fan: string;
  let feeds: { body: any };

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    octocat = await createUser(server, 'octocat');
    fan = await createUser(server, 'fan');
    await createUser(server, 'boss');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    expect((await api(server, server.adminAuthorization, 'PUT', '/orgs/acme/memberships/octocat', {})).status).to.equal(200);
    // Before octocat acts: a dashboard receives what follows the follow.
    expect((await api(server, fan, 'PUT', '/user/following/octocat')).status).to.equal(204);
    await createRepository(server, octocat, { name: 'hello', auto_init: true });
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/issues', { title: 'Bugs & <fixes> "quoted"' })).status).to.equal(201);
    expect((await api(server, fan, 'PUT', '/user/starred/octocat/hello')).status).to.equal(204);
    await createRepository(server, octocat, { name: 'secret', private: true });
    expect((await api(server, octocat, 'POST', '/repos/octocat/secret/issues', { title: 'Hidden' })).status).to.equal(201);
    await createRepository(server, server.adminAuthorization, { name: 'widgets' }, '/orgs/acme/repos');
    feeds = await api(server, octocat, 'GET', '/feeds');
  });
  after(() => server.close());

  it('GET /feeds: the public feeds to anyone; the private ones, with their token, to Basic authentication only', async () => {
    const anonymous = await api(server, null, 'GET', '/feeds');
    expect(anonymous.status).to.equal(200);
    const link = (href: string) => ({ href, type: 'application/atom+xml' });
    expect(anonymous.body).to.deep.equal({
      timeline_url: `${server.url}/timeline.atom`,
      user_url: `${server.url}/{user}.atom`,
      _links: { timeline: link(`${server.url}/timeline.atom`), user: link(`${server.url}/{user}.atom`) },
    });
    const token = /token=([0-9a-f]{64})$/.exec(feeds.body.current_user_url)![1]!;
    expect(feeds.body).to.deep.include({
      current_user_public_url: `${server.url}/octocat.atom`,
      current_user_url: `${server.url}/octocat.private.atom?token=${token}`,
      current_user_actor_url: `${server.url}/octocat.private.actor.atom?token=${token}`,
      current_user_organization_url: `${server.url}/organizations/{org}/octocat.private.atom?token=${token}`,
      current_user_organization_urls: [`${server.url}/organizations/acme/octocat.private.atom?token=${token}`],
    });
    expect(feeds.body._links.current_user_organizations).to.deep.equal([link(`${server.url}/organizations/acme/octocat.private.atom?token=${token}`)]);
    // The same token every time; another user's differs.
    expect((await api(server, octocat, 'GET', '/feeds')).body.current_user_url).to.equal(feeds.body.current_user_url);
    expect((await api(server, fan, 'GET', '/feeds')).body.current_user_url).not.to.contain(token);
    // An OAuth token gets the public ones only.
    const created = await api(server, octocat, 'POST', '/authorizations', { scopes: ['repo'], note: 'feeds' });
    const viaToken = await api(server, `token ${created.body.token}`, 'GET', '/feeds');
    expect(Object.keys(viaToken.body).sort()).to.deep.equal(['_links', 'current_user_public_url', 'timeline_url', 'user_url']);
  });

  it("/{user}.atom: the user's public activity as Atom, newest first, escaped, with a validator", async () => {
    const document = await atom(server, '/octocat.atom');
    expect(document.status).to.equal(200);
    expect(document.headers.get('content-type')).to.equal(ATOM);
    expect(document.feed.title).to.equal('octocat’s activity');
    expect(document.feed.id).to.equal('tag:127.0.0.1,2008:/octocat');
    expect(document.feed.link.map((link) => [link['@_rel'], link['@_href']])).to.deep.equal([
      ['alternate', `${server.url}/octocat`],
      ['self', `${server.url}/octocat.atom`],
    ]);
    // The private repository's events are not in it; the issue title keeps its characters.
    expect(titles(document)).to.deep.equal(['octocat opened issue octocat/hello#1', 'octocat created a repository octocat/hello']);
    const [opened] = document.feed.entry!;
    expect(opened!.id).to.match(/^tag:127\.0\.0\.1,2008:IssuesEvent\/\d+$/);
    expect(opened!.link['@_href']).to.equal(`${server.url}/octocat/hello/issues/1`);
    expect(opened!.author).to.deep.equal({ name: 'octocat', uri: `${server.url}/octocat` });
    expect(document.feed.updated).to.equal(opened!.published);
    const etag = document.headers.get('etag')!;
    expect(etag).to.match(/^W\/"atom-[0-9a-f]{64}"$/);
    // A web page, not the API: the API's "kept a minute" is not said of it.
    expect(document.headers.get('cache-control')).to.equal(null);
    // Nor the API's media type: the body is Atom, not github.v3 JSON.
    expect(document.headers.get('x-github-media-type')).to.equal(null);
    expect(document.headers.get('content-type')).to.equal('application/atom+xml; charset=utf-8');
    const again = await fetch(`${server.url}/octocat.atom`, { headers: { 'if-none-match': etag } });
    expect(again.status).to.equal(304);
    expect(await again.text()).to.equal('');
    expect((await atom(server, '/nobody-here.atom')).status).to.equal(404);
  });

  it('/timeline.atom: the public timeline, each event once five minutes old', async () => {
    expect(titles(await atom(server, '/timeline.atom'))).to.deep.equal([]);
    clock.advance(6 * 60_000);
    expect(titles(await atom(server, '/timeline.atom'))).to.deep.equal([
      'admin created a repository acme/widgets',
      'fan starred octocat/hello',
      'octocat opened issue octocat/hello#1',
      'octocat created a repository octocat/hello',
    ]);
  });

  // Otherwise a user named `timeline` would have GET /feeds name the public timeline as their
  // own public feed; GitHub reserves the login.
  it('no account takes the login `timeline`, whose .atom is the public timeline: 422 already_exists', async () => {
    const user = await api(server, server.adminAuthorization, 'POST', '/admin/users', { login: 'Timeline', email: 'timeline@example.com' });
    expect(user.status).to.equal(422);
    expect(user.body.errors).to.deep.equal([{ resource: 'User', field: 'login', code: 'already_exists', message: 'login is already taken' }]);
    const organization = await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'timeline', admin: 'boss' });
    expect(organization.status).to.equal(422);
    expect((await api(server, server.adminAuthorization, 'PATCH', '/admin/users/fan', { login: 'timeline' })).status).to.equal(422);
    expect((await api(server, null, 'GET', '/users/timeline')).status).to.equal(404);
  });

  it('/timeline.atom answers 503 while the activity projection has no checkpoint, as GET /events does', async () => {
    const unavailable = await withoutActivityCheckpoint(server, () => fetch(`${server.url}/timeline.atom`));
    expect(unavailable.status).to.equal(503);
    expect(await unavailable.text()).to.equal('Service Unavailable\n');
    expect((await fetch(`${server.url}/timeline.atom`)).status).to.equal(200);
  });

  it('the private feeds read as their owner does, with the token GET /feeds gave; any other token is 404', async () => {
    const token = /token=([0-9a-f]{64})$/.exec(feeds.body.current_user_url)![1]!;
    const actor = await atom(server, `/octocat.private.actor.atom?token=${token}`);
    expect(titles(actor)).to.include('octocat opened issue octocat/secret#1');
    const fanToken = /token=([0-9a-f]{64})$/.exec((await api(server, fan, 'GET', '/feeds')).body.current_user_url)![1]!;
    // fan follows octocat: their dashboard shows octocat's public events, not the private ones.
    const dashboard = await atom(server, `/fan.private.atom?token=${fanToken}`);
    expect(titles(dashboard)).to.include('octocat opened issue octocat/hello#1');
    expect(titles(dashboard)).not.to.include('octocat opened issue octocat/secret#1');
    const organization = await atom(server, `/organizations/acme/octocat.private.atom?token=${token}`);
    expect(titles(organization)).to.deep.equal(['admin created a repository acme/widgets']);
    for (const path of [
      `/octocat.private.atom?token=${fanToken}`,
      `/octocat.private.actor.atom`,
      `/octocat.private.atom?token=${'0'.repeat(64)}`,
      `/organizations/acme/fan.private.atom?token=${fanToken}`,
      `/organizations/nowhere/octocat.private.atom?token=${token}`,
    ]) {
      const refused = await fetch(`${server.url}${path}`);
      expect(refused.status, path).to.equal(404);
    }
  });
});

describe('Atom feeds and the REST rate limits', () => {
  it("a feed reader's polls are not counted against the API limits (as on GitHub); API requests still are", async () => {
    const server = await startTestServer({ FORGELOG_RATE_LIMITS: 'on', FORGELOG_RATE_LIMIT_CORE_ANONYMOUS: '3' });
    try {
      await createUser(server, 'octocat');
      const polls = [];
      for (let i = 0; i < 5; i++) {
        const answer = await fetch(`${server.url}/octocat.atom`);
        polls.push([answer.status, answer.headers.get('x-ratelimit-remaining')]);
      }
      expect(polls).to.deep.equal(Array.from({ length: 5 }, () => [200, null]));
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await api(server, null, 'GET', '/users/octocat')).status);
      expect(answers).to.deep.equal([200, 200, 200, 403]);
    } finally {
      await server.close();
    }
  });
});
