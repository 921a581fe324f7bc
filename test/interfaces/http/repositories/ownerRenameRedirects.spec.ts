import { expect } from 'chai';
import { ADMIN_LOGIN, ADMIN_PASSWORD, basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from './repositoryFixtures.js';

// After an account is renamed, its repositories' old URLs redirect to the new owner path, as
// on GitHub, until another account takes the old login.
describe('HTTP repositories: redirects after the owner is renamed', () => {
  let server: TestServer;
  const admin = basicAuthorization(ADMIN_LOGIN, ADMIN_PASSWORD);
  before(async () => {
    server = await startTestServer();
    const mona = await createUser(server, 'mona');
    await createRepository(server, mona, { name: 'tools' });
    await createRepository(server, mona, { name: 'secret', private: true });
    const renamed = await api(server, admin, 'PATCH', '/admin/users/mona', { login: 'monalisa' });
    expect(renamed.status).to.equal(202);
  });
  after(async () => server.close());

  it('answers the old owner path with 301 to the new one, sub-resources and query included, and 307 for writes', async () => {
    const moved = await api(server, null, 'GET', '/repos/mona/tools');
    expect(moved.status).to.equal(301);
    expect(moved.headers.get('location')).to.equal(`${server.url}/repos/monalisa/tools`);
    expect(moved.body).to.include({ message: 'Moved Permanently', url: `${server.url}/repos/monalisa/tools` });
    const sub = await api(server, null, 'GET', '/repos/MONA/tools/topics?per_page=5');
    expect(sub.status).to.equal(301);
    expect(sub.headers.get('location')).to.equal(`${server.url}/repos/monalisa/tools/topics?per_page=5`);
    const write = await api(server, basicAuthorization('monalisa', PASSWORD), 'PATCH', '/repos/mona/tools', { description: 'x' });
    expect(write.status).to.equal(307);
    const followed = await fetch(`${server.url}/repos/mona/tools`);
    expect(followed.status).to.equal(200);
    expect((await followed.json()).full_name).to.equal('monalisa/tools');
  });

  it('redirects a private repository only for callers who may read it; the account itself does not redirect', async () => {
    expect((await api(server, null, 'GET', '/repos/mona/secret')).status).to.equal(404);
    const owner = await api(server, basicAuthorization('monalisa', PASSWORD), 'GET', '/repos/mona/secret');
    expect(owner.status).to.equal(301);
    expect(owner.headers.get('location')).to.equal(`${server.url}/repos/monalisa/secret`);
    expect((await api(server, null, 'GET', '/repos/mona/no-such-repo')).status).to.equal(404);
    expect((await api(server, null, 'GET', '/users/mona')).status).to.equal(404);
  });

  it('stops redirecting once another account takes the old login', async () => {
    // mona@example.com is still monalisa's: the newcomer brings another address.
    const newcomer = await api(server, admin, 'POST', '/admin/users', { login: 'mona', email: 'new-mona@example.com', password: PASSWORD });
    expect(newcomer.status).to.equal(201);
    const taken = await api(server, null, 'GET', '/repos/mona/tools');
    expect(taken.status).to.equal(404);
    expect(taken.body.message).to.equal('Not Found');
    expect((await api(server, null, 'GET', '/repos/monalisa/tools')).status).to.equal(200);
  });
});
