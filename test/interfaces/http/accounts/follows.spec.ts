import { expect } from 'chai';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { asUser, call, createUser } from './usersTestSupport.js';

const counts = async (server: TestServer, login: string) => {
  const user = await call(server, 'GET', `/users/${login}`, null);
  expectSchema('public-user', user.body);
  return { followers: user.body.followers as number, following: user.body.following as number };
};

describe('HTTP follows (fetch)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    for (const login of ['alice', 'bob', 'carol', 'dave', 'erin']) await createUser(server, login);
  });
  after(async () => server.close());

  it('PUT /user/following/{username} answers 204, idempotently, and the counts follow', async () => {
    for (let i = 0; i < 2; i++) {
      const followed = await call(server, 'PUT', '/user/following/bob', asUser('alice'));
      expect(followed.status).to.equal(204);
      expect(followed.body).to.equal(null);
    }
    expect(await counts(server, 'alice')).to.deep.equal({ followers: 0, following: 1 });
    expect(await counts(server, 'bob')).to.deep.equal({ followers: 1, following: 0 });
    const me = await call(server, 'GET', '/user', asUser('alice'));
    expectSchema('private-user', me.body);
    expect(me.body).to.include({ followers: 0, following: 1 });
  });

  it('checks a follow: 204 when it exists, 404 when not, for the caller and between two users', async () => {
    expect((await call(server, 'GET', '/user/following/bob', asUser('alice'))).status).to.equal(204);
    const no = await call(server, 'GET', '/user/following/carol', asUser('alice'));
    expect(no.status).to.equal(404);
    expectSchema('basic-error', no.body);
    expect((await call(server, 'GET', '/users/alice/following/bob', null)).status).to.equal(204);
    expect((await call(server, 'GET', '/users/bob/following/alice', null)).status).to.equal(404);
    expect((await call(server, 'GET', '/users/nobody/following/bob', null)).status).to.equal(404);
    expect((await call(server, 'GET', '/user/following/bob', null)).status).to.equal(401);
  });

  it('refuses following an unknown user (404) and yourself (422)', async () => {
    const unknown = await call(server, 'PUT', '/user/following/nobody', asUser('alice'));
    expect(unknown.status).to.equal(404);
    expectSchema('basic-error', unknown.body);
    const self = await call(server, 'PUT', '/user/following/ALICE', asUser('alice'));
    expect(self.status).to.equal(422);
    expectSchema('validation-error', self.body);
    expect(self.body.errors).to.deep.equal([{ resource: 'User', field: 'username', code: 'invalid', message: 'You cannot follow yourself' }]);
    expect((await call(server, 'PUT', '/user/following/bob', null)).status).to.equal(401);
  });

  it('lists followers and following as simple-users in follow order, paginated with Link headers', async () => {
    for (const follower of ['carol', 'dave', 'erin']) expect((await call(server, 'PUT', '/user/following/bob', asUser(follower))).status).to.equal(204);
    const first = await call(server, 'GET', '/users/bob/followers?per_page=2', null);
    expect(first.status).to.equal(200);
    expectArrayOf('simple-user', first.body);
    expect(first.body.map((u: { login: string }) => u.login)).to.deep.equal(['alice', 'carol']);
    expect(first.headers.get('link')).to.equal(
      `<${server.url}/users/bob/followers?per_page=2&page=2>; rel="next", <${server.url}/users/bob/followers?per_page=2&page=2>; rel="last"`,
    );
    const second = await call(server, 'GET', '/users/bob/followers?per_page=2&page=2', null);
    expect(second.body.map((u: { login: string }) => u.login)).to.deep.equal(['dave', 'erin']);
    expect(second.headers.get('link')).to.contain('rel="prev"');
    const mine = await call(server, 'GET', '/user/followers', asUser('bob'));
    expect(mine.body.map((u: { login: string }) => u.login)).to.deep.equal(['alice', 'carol', 'dave', 'erin']);
    expect(mine.headers.get('link')).to.equal(null);
    const following = await call(server, 'GET', '/users/carol/following', null);
    expectArrayOf('simple-user', following.body);
    expect(following.body.map((u: { login: string }) => u.login)).to.deep.equal(['bob']);
    expect((await call(server, 'GET', '/user/following', asUser('carol'))).body.map((u: { login: string }) => u.login)).to.deep.equal(['bob']);
    expect((await call(server, 'GET', '/users/nobody/followers', null)).status).to.equal(404);
    expect((await call(server, 'GET', '/users/erin/followers', null)).body).to.deep.equal([]);
    expect(await counts(server, 'bob')).to.deep.equal({ followers: 4, following: 0 });
  });

  it('DELETE /user/following/{username} answers 204, idempotently, and the counts follow', async () => {
    for (let i = 0; i < 2; i++) expect((await call(server, 'DELETE', '/user/following/bob', asUser('carol'))).status).to.equal(204);
    expect((await call(server, 'GET', '/users/carol/following/bob', null)).status).to.equal(404);
    expect(await counts(server, 'bob')).to.deep.equal({ followers: 3, following: 0 });
    expect(await counts(server, 'carol')).to.deep.equal({ followers: 0, following: 0 });
    expect((await call(server, 'DELETE', '/user/following/nobody', asUser('carol'))).status).to.equal(404);
  });

  it('a deleted user leaves no follow behind: lists and counts of the others are corrected', async () => {
    expect((await call(server, 'PUT', '/user/following/erin', asUser('bob'))).status).to.equal(204);
    expect(await counts(server, 'erin')).to.deep.equal({ followers: 1, following: 1 });
    expect((await call(server, 'DELETE', '/admin/users/erin', server.adminAuthorization)).status).to.equal(204);
    expect(await counts(server, 'bob')).to.deep.equal({ followers: 2, following: 0 });
    expect((await call(server, 'GET', '/users/bob/followers', null)).body.map((u: { login: string }) => u.login)).to.deep.equal(['alice', 'dave']);
  });

  it('keeps follows and counts across a restart from the log alone', async () => {
    const { rm } = await import('node:fs/promises');
    await server.stop();
    await rm(`${server.dataDir}/snapshots`, { recursive: true, force: true });
    server = await startTestServer({}, server.dataDir);
    expect(await counts(server, 'bob')).to.deep.equal({ followers: 2, following: 0 });
    expect((await call(server, 'GET', '/users/bob/followers', null)).body.map((u: { login: string }) => u.login)).to.deep.equal(['alice', 'dave']);
  });
});
