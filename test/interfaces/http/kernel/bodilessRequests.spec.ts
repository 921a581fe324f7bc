import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { projectCall } from '../projects/projectCalls.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// A request sent without a body (curl -X POST, octokit with no parameters) is an empty object to
// every operation that takes fields: its 422 names the fields it lacks, as GitHub's does, never a
// field named "" (which clients print as `" is missing"`). Found walking through the README:
// ten operations decoded the absent body itself.
const NIL_IS_NO_OBJECT = "For 'links/0/schema', nil is not an object.";

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

  // Every operation decoding a body reads `null` the same way (48 of them read it as no body,
  // and named the fields it lacked, where ten refused it as GitHub does).
  it('refuses a null body as no object on every operation taking fields, not as a body without fields', async () => {
    const operations: ReadonlyArray<[string, string]> = [
      ['POST', '/repos/bodiless/kept/git/refs'],
      ['POST', '/repos/bodiless/kept/git/blobs'],
      ['POST', '/repos/bodiless/kept/issues'],
      ['POST', '/repos/bodiless/kept/labels'],
      ['POST', '/repos/bodiless/kept/milestones'],
      ['POST', '/repos/bodiless/kept/pulls'],
      ['POST', '/repos/bodiless/kept/hooks'],
      ['PUT', '/repos/bodiless/kept/contents/a.txt'],
      ['POST', '/authorizations'],
      ['PATCH', '/user'],
    ];
    const projects: ReadonlyArray<[string, string]> = [
      ['POST', '/repos/bodiless/kept/projects'],
      ['POST', '/user/projects'],
    ];
    const answers = [
      ...(await Promise.all(operations.map(async ([method, path]) => ({ method, path, refused: await api(server, owner, method, path, 'null') })))),
      ...(await Promise.all(projects.map(async ([method, path]) => ({ method, path, refused: await projectCall(server, owner, method, path, null) })))),
    ];
    for (const { method, path, refused } of answers) {
      expect(refused.status, `${method} ${path}`).to.equal(422);
      expect(refused.body.errors, `${method} ${path}`).to.have.length(1);
      // Classic projects answer GitHub's validation-error-simple: its errors are sentences.
      const [error] = refused.body.errors;
      if (path.endsWith('/projects')) expect(error, `${method} ${path}`).to.equal(NIL_IS_NO_OBJECT);
      else expect(error, `${method} ${path}`).to.include({ code: 'invalid', message: NIL_IS_NO_OBJECT });
    }
    expect((await api(server, owner, 'GET', '/repos/bodiless/kept/issues')).body).to.deep.equal([]);
  });
});
