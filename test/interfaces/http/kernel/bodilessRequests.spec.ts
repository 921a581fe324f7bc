import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// A request sent without a body (curl -X POST, octokit with no parameters) is an empty object to
// every operation that takes fields: its 422 names the fields it lacks, as GitHub's does, never a
// field named "" (which clients print as `" is missing"`). Found walking through the README:
// ten operations decoded the absent body itself.
describe('requests without a body name the fields they lack', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: string;

  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'bodiless');
    await createRepository(server, owner, { name: 'kept', auto_init: true });
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'bodiless' })).status).to.equal(201);
  });
  after(() => server.close());

  const cases: ReadonlyArray<{ method: string; path: string; admin?: boolean; fields: string[]; resource: string }> = [
    { method: 'POST', path: '/user/repos', fields: ['name'], resource: 'Repository' },
    { method: 'POST', path: '/orgs/acme/repos', fields: ['name'], resource: 'Repository' },
    { method: 'POST', path: '/repos/bodiless/kept/transfer', fields: ['new_owner'], resource: 'Repository' },
    { method: 'PUT', path: '/repos/bodiless/kept/topics', fields: ['names'], resource: 'Repository' },
    { method: 'PATCH', path: '/user/password', fields: ['old_password', 'new_password'], resource: 'User' },
    { method: 'POST', path: '/admin/users', admin: true, fields: ['login'], resource: 'User' },
    { method: 'PATCH', path: '/admin/users/bodiless', admin: true, fields: ['login'], resource: 'User' },
    { method: 'POST', path: '/admin/organizations', admin: true, fields: ['login', 'admin'], resource: 'Organization' },
    { method: 'POST', path: '/admin/oauth-applications', admin: true, fields: ['name', 'url', 'callback_url'], resource: 'OAuthApplication' },
  ];

  for (const { method, path, admin, fields, resource } of cases) {
    it(`${method} ${path}: 422 missing_field for ${fields.join(', ')}`, async () => {
      const refused = await api(server, admin ? server.adminAuthorization : owner, method, path);
      expect(refused.status, JSON.stringify(refused.body)).to.equal(422);
      expect(refused.body.message).to.equal('Validation Failed');
      expect(refused.body.errors).to.deep.equal(fields.map((field) => ({ resource, field, code: 'missing_field' })));
    });
  }

  it('still refuses a null body as no object, as GitHub does', async () => {
    const refused = await api(server, owner, 'POST', '/user/repos', 'null');
    expect(refused.status).to.equal(422);
    expect(refused.body.errors).to.deep.equal([{ resource: 'Repository', code: 'invalid', message: "For 'links/0/schema', nil is not an object." }]);
  });
});
