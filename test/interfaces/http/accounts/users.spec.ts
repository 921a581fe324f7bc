import { expect } from 'chai';
import { basicAuthorization, startTestServer, ADMIN_PASSWORD, type TestServer } from '../../../support/testServer.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';

async function createUser(server: TestServer, body: unknown) {
  return fetch(`${server.url}/admin/users`, {
    method: 'POST',
    headers: { authorization: server.adminAuthorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('HTTP users (fetch)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it('GET /users/{username} answers the site administrator as a public-user with an ETag', async () => {
    const response = await fetch(`${server.url}/users/admin`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    expect(response.headers.get('etag')).to.match(/^W\/"[0-9a-f]+"$/);
    const body = await response.json();
    expectSchema('public-user', body);
    expect(body).to.include({ login: 'admin', id: 1, type: 'User', site_admin: true, node_id: 'MDQ6VXNlcjE=' });
    expect(body.url).to.equal(`${server.url}/users/admin`);
  });

  it('answers a repeated GET with If-None-Match by 304 and an empty body', async () => {
    const first = await fetch(`${server.url}/users/admin`);
    const etag = first.headers.get('etag')!;
    const second = await fetch(`${server.url}/users/admin`, { headers: { 'if-none-match': etag } });
    expect(second.status).to.equal(304);
    expect(await second.text()).to.equal('');
    expect(second.headers.get('etag')).to.equal(etag);
  });

  it('creates a user as site administrator and serves it on the next read', async () => {
    const response = await createUser(server, { login: 'Octocat', email: 'octocat@example.com', password: 'hunter2-hunter2' });
    expect(response.status).to.equal(201);
    const body = await response.json();
    expectSchema('simple-user', body);
    expect(body).to.include({ login: 'Octocat', type: 'User', site_admin: false });
    expect(response.headers.get('location')).to.equal(`${server.url}/users/Octocat`);
    const read = await fetch(`${server.url}/users/octocat`);
    expect(read.status).to.equal(200);
    expect((await read.json()).id).to.equal(body.id);
  });

  it('GET /user answers the authenticated caller as a private-user', async () => {
    const response = await fetch(`${server.url}/user`, { headers: { authorization: basicAuthorization('octocat', 'hunter2-hunter2') } });
    expect(response.status).to.equal(200);
    const body = await response.json();
    expectSchema('private-user', body);
    expect(body).to.include({ login: 'Octocat', email: 'octocat@example.com', two_factor_authentication: false });
  });

  it('refuses GET /user without credentials (401) and with a wrong password (401 Bad credentials)', async () => {
    const anonymous = await fetch(`${server.url}/user`);
    expect(anonymous.status).to.equal(401);
    const anonymousBody = await anonymous.json();
    expectSchema('basic-error', anonymousBody);
    expect(anonymousBody.message).to.equal('Requires authentication');
    const wrong = await fetch(`${server.url}/user`, { headers: { authorization: basicAuthorization('admin', 'wrong') } });
    expect(wrong.status).to.equal(401);
    expect(await wrong.json()).to.deep.equal({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
  });

  it('refuses POST /admin/users to a user who is not a site administrator (403)', async () => {
    const response = await fetch(`${server.url}/admin/users`, {
      method: 'POST',
      headers: { authorization: basicAuthorization('octocat', 'hunter2-hunter2'), 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'mallory' }),
    });
    expect(response.status).to.equal(403);
    expect((await response.json()).message).to.equal('Must be a site administrator.');
    expect((await fetch(`${server.url}/users/mallory`)).status).to.equal(404);
  });

  it('answers a login taken in any case with 422 already_exists', async () => {
    const response = await createUser(server, { login: 'OCTOCAT' });
    expect(response.status).to.equal(422);
    const body = await response.json();
    expectSchema('validation-error', body);
    expect(body.message).to.equal('Validation Failed');
    expect(body.errors).to.deep.equal([{ resource: 'User', field: 'login', code: 'already_exists', message: 'login is already taken' }]);
  });

  it('answers invalid input with 422 naming the field and the code', async () => {
    const missing = await (await createUser(server, { email: 'x@example.com' })).json();
    expect(missing.errors).to.deep.equal([{ resource: 'User', field: 'login', code: 'missing_field' }]);
    const wrongType = await (await createUser(server, { login: 42 })).json();
    expect(wrongType.errors).to.deep.equal([{ resource: 'User', field: 'login', code: 'invalid' }]);
    const badLogin = await createUser(server, { login: '-bad-' });
    expect(badLogin.status).to.equal(422);
    expect((await badLogin.json()).errors[0]).to.include({ resource: 'User', field: 'login', code: 'invalid' });
    const badEmail = await createUser(server, { login: 'goodlogin', email: 'not-an-email' });
    expect((await badEmail.json()).errors).to.deep.equal([{ resource: 'User', field: 'email', code: 'invalid' }]);
    const shortPassword = await createUser(server, { login: 'goodlogin', password: 'short' });
    expect((await shortPassword.json()).errors).to.deep.equal([
      { resource: 'User', field: 'password', code: 'invalid', message: 'password is too short (minimum is 8 characters)' },
    ]);
    expect((await fetch(`${server.url}/users/goodlogin`)).status).to.equal(404);
    const notObject = await createUser(server, [1, 2]);
    expect(notObject.status).to.equal(422);
  });

  it('answers malformed JSON with 400 Problems parsing JSON and writes nothing', async () => {
    const before = await server.runtime.adapters.eventStore.headPosition();
    const response = await fetch(`${server.url}/admin/users`, {
      method: 'POST',
      headers: { authorization: server.adminAuthorization, 'content-type': 'application/json' },
      body: '{"login": ',
    });
    expect(response.status).to.equal(400);
    expect(await response.json()).to.deep.equal({ message: 'Problems parsing JSON', documentation_url: 'https://docs.github.com/rest', status: '400' });
    expect(await server.runtime.adapters.eventStore.headPosition()).to.equal(before);
  });

  it('answers unknown users and unknown routes with a JSON 404', async () => {
    const user = await fetch(`${server.url}/users/nobody-here`);
    expect(user.status).to.equal(404);
    expectSchema('basic-error', await user.json());
    const route = await fetch(`${server.url}/no/such/route`);
    expect(route.status).to.equal(404);
    expect((await route.json()).message).to.equal('Not Found');
  });

  it('pages GET /users by since, with a Link to the next page until the last', async () => {
    for (const login of ['page-a', 'page-b', 'page-c']) expect((await createUser(server, { login })).status).to.equal(201);
    const seen: string[] = [];
    const ids: number[] = [];
    let next: string | null = `${server.url}/users?per_page=2`;
    const links: (string | null)[] = [];
    while (next) {
      const response: Response = await fetch(next);
      const body = await response.json();
      expectArrayOf('simple-user', body);
      seen.push(...body.map((user: { login: string }) => user.login));
      ids.push(...body.map((user: { id: number }) => user.id));
      const link = response.headers.get('link');
      links.push(link);
      next = link ? /<([^>]+)>; rel="next"/.exec(link)![1]! : null;
    }
    expect(seen).to.deep.equal(['admin', 'Octocat', 'page-a', 'page-b', 'page-c']);
    expect(links).to.have.length(3);
    expect(links[0]).to.equal(`<${server.url}/users?per_page=2&since=${ids[1]}>; rel="next"`);
    expect(links[2]).to.equal(null);
  });

  it('keeps users across a restart, from the snapshot and from the log alone', async () => {
    const restarted = await restart(server);
    server = restarted;
    expect((await fetch(`${server.url}/users/octocat`)).status).to.equal(200);
    const { rm } = await import('node:fs/promises');
    await server.stop();
    await rm(`${server.dataDir}/snapshots`, { recursive: true, force: true });
    server = await startTestServer({}, server.dataDir);
    const body = await (await fetch(`${server.url}/users/page-c`)).json();
    expect(body.login).to.equal('page-c');
    const admin = await fetch(`${server.url}/user`, { headers: { authorization: basicAuthorization('admin', ADMIN_PASSWORD) } });
    expect(admin.status).to.equal(200);
  });
});

async function restart(server: TestServer): Promise<TestServer> {
  await server.stop();
  return startTestServer({}, server.dataDir);
}
