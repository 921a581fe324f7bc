import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { basicAuthorization, ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { pushFiles } from './codeFixtures.js';
import { expectSearchBody, expectTextMatchesConsistent, names, search, TEXT_MATCH } from './searchFixtures.js';

const RUBY = 'def tools\n  :ok\nend\n';
const PYTHON = 'def one():\n    return 1\n';

// The site administrator the test server makes is an account too: left out of the orders.
const logins = (body: any): string[] => names(body, 'login').filter((login) => login !== 'admin');

describe('GET /search/users', () => {
  const clock = new ManualClock(new Date('2024-01-10T12:00:00Z'));
  let server: TestServer;
  let alice: string;
  let bob: string;
  let carol: string;

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    alice = await createUser(server, 'alice');
    clock.set(new Date('2024-03-05T09:00:00Z'));
    bob = await createUser(server, 'bob');
    clock.set(new Date('2024-06-01T09:00:00Z'));
    carol = await createUser(server, 'carol');
    clock.set(new Date('2024-07-15T09:00:00Z'));
    const org = await api(server, server.adminAuthorization, 'POST', '/admin/organizations', {
      login: 'rocketorg',
      admin: 'alice',
      profile_name: 'Rocket Org',
    });
    expect(org.status, JSON.stringify(org.body)).to.equal(201);
    const orgProfile = await api(server, alice, 'PATCH', '/orgs/rocketorg', { location: 'London', email: 'hello@rocket.org' });
    expect(orgProfile.status, JSON.stringify(orgProfile.body)).to.equal(200);
    for (const [authorization, profile] of [
      [alice, { name: 'Alice Liddell', location: 'London, UK', email: 'alice@wonder.land' }],
      [bob, { name: 'Bob Builder', location: 'Paris' }],
      [carol, { name: 'Carol Rocket', location: 'Lisbon' }],
    ] as const) {
      const updated = await api(server, authorization, 'PATCH', '/user', profile);
      expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
    }
    await createRepository(server, alice, { name: 'one' });
    await createRepository(server, alice, { name: 'two' });
    await createRepository(server, alice, { name: 'hidden', private: true });
    await createRepository(server, bob, { name: 'tools' });
    await createRepository(server, alice, { name: 'launchpad' }, '/orgs/rocketorg/repos');
    for (const [authorization, target] of [
      [bob, 'alice'],
      [carol, 'alice'],
      [carol, 'bob'],
    ] as const) {
      expect((await api(server, authorization, 'PUT', `/user/following/${target}`)).status).to.equal(204);
    }
  });

  after(() => server.close());

  it("finds accounts by keyword in login, name and public email, with GitHub's item shape", async () => {
    const found = await search(server, null, '/search/users?q=rocket');
    expect(found.status, JSON.stringify(found.body)).to.equal(200);
    expectSearchBody('user-search-result-item', found.body);
    expect(logins(found.body).sort()).to.deep.equal(['carol', 'rocketorg']);
    expect(found.body.total_count).to.equal(2);
    expect(found.body.incomplete_results).to.equal(false);
    const org = found.body.items.find((item: any) => item.login === 'rocketorg');
    expect(org.type).to.equal('Organization');
    expect(org.url).to.equal(`${server.url}/users/rocketorg`);
    expect(org.email, 'an organization has no public email on /users').to.equal(null);
    const alice = (await search(server, null, '/search/users?q=liddell')).body.items[0];
    expect(alice).to.include({ login: 'alice', name: 'Alice Liddell', email: 'alice@wonder.land', location: 'London, UK', public_repos: 2, followers: 2 });
  });

  it('never finds an address its owner did not make public', async () => {
    expect((await search(server, null, '/search/users?q=bob@example.com+in:email')).body.total_count).to.equal(0);
    expect((await search(server, null, '/search/users?q=hello@rocket.org')).body.total_count).to.equal(0);
    const bob = (await search(server, null, '/search/users?q=bob')).body.items[0];
    expect(bob.login).to.equal('bob');
    expect(bob.email).to.equal(null);
  });

  it('in: limits keywords to login, name or email', async () => {
    expect(logins((await search(server, null, '/search/users?q=liddell+in:name')).body)).to.deep.equal(['alice']);
    expect(logins((await search(server, null, '/search/users?q=liddell+in:login')).body)).to.deep.equal([]);
    expect(logins((await search(server, null, '/search/users?q=wonder+in:email')).body)).to.deep.equal(['alice']);
    expect(logins((await search(server, null, '/search/users?q=wonder+in:login,name')).body)).to.deep.equal([]);
    expect(logins((await search(server, null, '/search/users?q=carol+in:login')).body)).to.deep.equal(['carol']);
  });

  it('type: tells users from organizations', async () => {
    expect(logins((await search(server, null, '/search/users?q=rocket+type:user')).body)).to.deep.equal(['carol']);
    expect(logins((await search(server, null, '/search/users?q=rocket+type:org')).body)).to.deep.equal(['rocketorg']);
    expect(logins((await search(server, null, '/search/users?q=type:org')).body)).to.deep.equal(['rocketorg']);
  });

  // GitHub: `user:octocat` matches the user with that login, `org:electron` the organization
  // (they were searched as the words "user:octocat", which no account holds).
  it('user: and org: name the account itself', async () => {
    const found = async (q: string) => logins((await search(server, null, `/search/users?q=${encodeURIComponent(q)}`)).body).sort();
    expect(await found('user:bob')).to.deep.equal(['bob']);
    expect(await found('user:BOB type:user')).to.deep.equal(['bob']);
    expect(await found('org:rocketorg')).to.deep.equal(['rocketorg']);
    expect(await found('org:RocketOrg rocket')).to.deep.equal(['rocketorg']);
    // org: names organizations only; a login no account has matches nothing.
    expect(await found('org:alice')).to.deep.equal([]);
    expect(await found('user:nobody-at-all')).to.deep.equal([]);
    // Several are any of them, as user:, org: and repo: are on the other endpoints.
    expect(await found('user:bob user:carol')).to.deep.equal(['bob', 'carol']);
    expect(await found('user:bob org:rocketorg')).to.deep.equal(['bob', 'rocketorg']);
    expect(await found('rocket -user:carol')).to.deep.equal(['rocketorg']);
    const mine = await search(server, carol, `/search/users?q=${encodeURIComponent('user:@me')}`);
    expect(logins(mine.body)).to.deep.equal(['carol']);
  });

  it('fullname: and location: match words of the name and the location', async () => {
    expect(logins((await search(server, null, '/search/users?q=fullname:%22Alice+Liddell%22')).body)).to.deep.equal(['alice']);
    expect(logins((await search(server, null, '/search/users?q=fullname:builder')).body)).to.deep.equal(['bob']);
    expect(logins((await search(server, null, '/search/users?q=location:london')).body).sort()).to.deep.equal(['alice', 'rocketorg']);
    expect(logins((await search(server, null, '/search/users?q=location:%22london+uk%22')).body)).to.deep.equal(['alice']);
    expect(logins((await search(server, null, '/search/users?q=-location:london+type:user')).body).sort()).to.deep.equal(['bob', 'carol']);
  });

  it('repos: counts public repositories only', async () => {
    expect(logins((await search(server, null, '/search/users?q=repos:%3E=2')).body)).to.deep.equal(['alice']);
    expect(logins((await search(server, null, '/search/users?q=repos:1')).body).sort()).to.deep.equal(['bob', 'rocketorg']);
    expect(logins((await search(server, null, '/search/users?q=repos:1..3')).body).sort()).to.deep.equal(['alice', 'bob', 'rocketorg']);
  });

  it('followers: counts followers', async () => {
    expect(logins((await search(server, null, '/search/users?q=followers:%3E1')).body)).to.deep.equal(['alice']);
    expect(logins((await search(server, null, '/search/users?q=followers:1')).body)).to.deep.equal(['bob']);
  });

  it('created: is the day the account was made', async () => {
    expect(logins((await search(server, null, '/search/users?q=created:2024-03-05')).body)).to.deep.equal(['bob']);
    expect(logins((await search(server, null, '/search/users?q=created:2024-03-01..2024-06-01')).body).sort()).to.deep.equal(['bob', 'carol']);
    expect(logins((await search(server, null, '/search/users?q=created:%3E2024-06-01')).body)).to.deep.equal(['rocketorg']);
    expect(logins((await search(server, null, '/search/users?q=created:%3C2024-06-01T09:00:00Z+type:user+-admin')).body).sort()).to.deep.equal([
      'alice',
      'bob',
    ]);
  });

  it("language: is the most common language of the account's public repositories", async () => {
    expect(logins((await search(server, null, '/search/users?q=language:ruby')).body)).to.deep.equal([]);
    await pushFiles(server, 'bob', 'bob/tools', { 'lib/tools.rb': RUBY }, 'ruby');
    await pushFiles(server, 'alice', 'alice/one', { 'one.rb': RUBY }, 'ruby');
    // Alice's private repositories do not count, however much Python they hold.
    await createRepository(server, alice, { name: 'scripts', private: true });
    for (const name of ['hidden', 'scripts']) await pushFiles(server, 'alice', `alice/${name}`, { 'a.py': PYTHON, 'b.py': PYTHON }, 'python');
    expect(logins((await search(server, null, '/search/users?q=language:ruby')).body).sort()).to.deep.equal(['alice', 'bob']);
    expect(logins((await search(server, null, '/search/users?q=language:python')).body)).to.deep.equal([]);
    // Made public, they tip alice to Python (two repositories to one).
    for (const name of ['hidden', 'scripts']) expect((await api(server, alice, 'PATCH', `/repos/alice/${name}`, { private: false })).status).to.equal(200);
    expect(logins((await search(server, null, '/search/users?q=language:python')).body)).to.deep.equal(['alice']);
    expect(logins((await search(server, null, '/search/users?q=language:ruby')).body)).to.deep.equal(['bob']);
    for (const name of ['hidden', 'scripts']) expect((await api(server, alice, 'PATCH', `/repos/alice/${name}`, { private: true })).status).to.equal(200);
    expect(logins((await search(server, null, '/search/users?q=language:ruby')).body).sort()).to.deep.equal(['alice', 'bob']);
  });

  it('sorts by followers, repositories and joined, either way', async () => {
    const users = 'type:user+-admin';
    expect(logins((await search(server, null, `/search/users?q=${users}&sort=followers`)).body)).to.deep.equal(['alice', 'bob', 'carol']);
    expect(logins((await search(server, null, `/search/users?q=${users}&sort=followers&order=asc`)).body)).to.deep.equal(['carol', 'bob', 'alice']);
    expect(logins((await search(server, null, `/search/users?q=${users}&sort=repositories&order=desc`)).body).slice(0, 2)).to.deep.equal(['alice', 'bob']);
    expect(logins((await search(server, null, `/search/users?q=${users}&sort=joined&order=asc`)).body)).to.deep.equal(['alice', 'bob', 'carol']);
    expect(logins((await search(server, null, `/search/users?q=${users}&sort=joined`)).body)).to.deep.equal(['carol', 'bob', 'alice']);
    expect(logins((await search(server, null, `/search/users?q=${users}+sort:followers-asc`)).body)).to.deep.equal(['carol', 'bob', 'alice']);
  });

  it('answers text matches for login, name and email whose fragments slice to their texts', async () => {
    const found = await search(server, null, '/search/users?q=alice', TEXT_MATCH);
    expect(expectTextMatchesConsistent(found.body.items)).to.equal(3);
    const properties = found.body.items[0].text_matches.map((match: any) => match.property).sort();
    expect(properties).to.deep.equal(['email', 'login', 'name']);
    expect(found.body.items[0].text_matches[0]).to.include({ object_type: 'User', object_url: `${server.url}/users/alice` });
    const byName = await search(server, null, '/search/users?q=builder', TEXT_MATCH);
    expect(byName.body.items[0].text_matches).to.deep.equal([
      {
        object_url: `${server.url}/users/bob`,
        object_type: 'User',
        property: 'name',
        fragment: 'Bob Builder',
        matches: [{ text: 'Builder', indices: [4, 11] }],
      },
    ]);
  });

  it("refuses bad dates and numbers, long queries and missing q with GitHub's 422", async () => {
    const badDate = await search(server, null, '/search/users?q=created:2024-13-45');
    expect(badDate.status).to.equal(422);
    expect(badDate.body.message).to.equal('Validation Failed');
    expect((await search(server, null, '/search/users?q=repos:many')).status).to.equal(422);
    expect((await search(server, null, '/search/users?q=type:bot')).status).to.equal(422);
    expect((await search(server, null, `/search/users?q=${'a'.repeat(257)}`)).status).to.equal(422);
    const missing = await search(server, null, '/search/users');
    expect(missing.status).to.equal(422);
    expect(missing.body.errors[0]).to.include({ resource: 'Search', field: 'q', code: 'missing' });
  });

  it('follows renames, profile changes, follows, repository changes and deletions', async () => {
    await createUser(server, 'dave');
    expect(logins((await search(server, null, '/search/users?q=dave')).body)).to.deep.equal(['dave']);
    expect((await api(server, server.adminAuthorization, 'PATCH', '/admin/users/dave', { login: 'davina' })).status).to.equal(202);
    expect(logins((await search(server, null, '/search/users?q=dave+in:login')).body)).to.deep.equal([]);
    expect(logins((await search(server, null, '/search/users?q=davina')).body)).to.deep.equal(['davina']);
    const davina = basicAuthorization('davina', PASSWORD);
    expect((await api(server, davina, 'PATCH', '/user', { location: 'Oslo', email: 'davina@example.org' })).status).to.equal(200);
    expect(logins((await search(server, null, '/search/users?q=location:oslo+davina@example.org')).body)).to.deep.equal(['davina']);
    expect((await api(server, davina, 'PUT', '/user/following/carol')).status).to.equal(204);
    expect(logins((await search(server, null, '/search/users?q=followers:1+type:user')).body).sort()).to.deep.equal(['bob', 'carol']);
    expect((await api(server, davina, 'DELETE', '/user/following/carol')).status).to.equal(204);
    expect(logins((await search(server, null, '/search/users?q=followers:1+type:user')).body)).to.deep.equal(['bob']);
    await createRepository(server, davina, { name: 'sled' });
    expect(logins((await search(server, null, '/search/users?q=davina+repos:1')).body)).to.deep.equal(['davina']);
    expect((await api(server, davina, 'PATCH', '/repos/davina/sled', { private: true })).status).to.equal(200);
    expect(logins((await search(server, null, '/search/users?q=davina+repos:0')).body)).to.deep.equal(['davina']);
    expect((await api(server, bob, 'POST', '/repos/bob/tools/transfer', { new_owner: 'carol' })).status).to.equal(202);
    expect(logins((await search(server, null, '/search/users?q=repos:1+type:user')).body).sort()).to.deep.equal(['carol']);
    expect(logins((await search(server, null, '/search/users?q=bob+repos:0')).body)).to.deep.equal(['bob']);
    expect((await api(server, server.adminAuthorization, 'DELETE', '/admin/users/davina')).status).to.equal(204);
    expect((await search(server, null, '/search/users?q=davina')).body.total_count).to.equal(0);
  });

  it('answers octokit search.users', async () => {
    const octokit = basicOctokit(server, 'bob', PASSWORD);
    const { data, status } = await octokit.search.users({ q: 'location:london', sort: 'joined', order: 'asc' });
    expect(status).to.equal(200);
    expect(data.items.map((item) => item.login)).to.deep.equal(['alice', 'rocketorg']);
    expect(data.total_count).to.equal(2);
  });

  it('answers the same after its index is rebuilt from the log', async () => {
    const queries = [
      '/search/users?q=rocket',
      '/search/users?q=type:user+-admin&sort=followers',
      '/search/users?q=location:london&sort=joined&order=asc',
      '/search/users?q=repos:1..3+created:%3E2024-01-01',
    ];
    const live = [];
    for (const path of queries) live.push((await search(server, null, path, undefined)).body);
    await server.runtime.runner.rebuild(['search-users']);
    for (const [index, path] of queries.entries()) expect((await search(server, null, path, undefined)).body, path).to.deep.equal(live[index]);
  });
});
