import { expect } from 'chai';
import { expectOperationResponse } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

// What GitHub answers a start naming a repository it cannot migrate (github/gh-gei#962, "Start
// an organization migration" on GHES 3.4): each such name as `invalid_value` at its index in
// `repositories`, then `missing_field` when no repository is left to migrate.
describe('migrations: a start naming repositories the caller cannot migrate', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: string;

  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'mover');
    const other = await createUser(server, 'someone');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
    await createRepository(server, owner, { name: 'app', auto_init: true }, '/orgs/acme/repos');
    await createRepository(server, owner, { name: 'mine', auto_init: true });
    await createRepository(server, other, { name: 'theirs', auto_init: true });
  });
  after(() => server.close());

  const shapeOf = (errors: any[]) => errors.map(({ resource, field, index, code }) => ({ resource, field, index, code }));

  it('answers an organization’s unknown repository as GitHub does: invalid_value at index 0, then missing_field', async () => {
    const refused = await api(server, owner, 'POST', '/orgs/acme/migrations', { repositories: ['nowhere'] });
    expect(refused.status).to.equal(422);
    expectOperationResponse('post', '/orgs/{org}/migrations', 422, refused.body);
    expect(refused.body.message).to.equal('Validation Failed');
    expect(shapeOf(refused.body.errors)).to.deep.equal([
      { resource: 'Migration', field: 'repositories', index: 0, code: 'invalid_value' },
      { resource: 'Migration', field: 'repositories', index: undefined, code: 'missing_field' },
    ]);
  });

  it('names every refused entry by its index; with a repository left, no missing_field', async () => {
    const refused = await api(server, owner, 'POST', '/orgs/acme/migrations', { repositories: ['app', 'someone/theirs', 'mover/mine', 'acme/app'] });
    expect(refused.status).to.equal(422);
    expect(shapeOf(refused.body.errors)).to.deep.equal([
      { resource: 'Migration', field: 'repositories', index: 1, code: 'invalid_value' },
      { resource: 'Migration', field: 'repositories', index: 2, code: 'invalid_value' },
    ]);
    expect(refused.body.errors[0].message).to.contain('someone/theirs');
    // mover administers mover/mine, which is not the organization's: the message says which may be why.
    expect(refused.body.errors[1].message).to.equal(
      "mover/mine is not a repository you can migrate: it does not exist, it is not the migrating account's own, or you do not administer it",
    );
  });

  it('answers a user migration of another account’s repository the same way', async () => {
    const refused = await api(server, owner, 'POST', '/user/migrations', { repositories: ['someone/theirs'] });
    expect(refused.status).to.equal(422);
    expectOperationResponse('post', '/user/migrations', 422, refused.body);
    expect(shapeOf(refused.body.errors)).to.deep.equal([
      { resource: 'Migration', field: 'repositories', index: 0, code: 'invalid_value' },
      { resource: 'Migration', field: 'repositories', index: undefined, code: 'missing_field' },
    ]);
  });

  // Found by a fuzzing walk-through: `exclude` was kept as sent, so a start naming
  // "repositories" 60,000 times stored them all in its event, and every read and list of the
  // migration answered them all (a megabyte per migration).
  it('keeps an exclude named many times once', async () => {
    const started = await api(server, owner, 'POST', '/user/migrations', { repositories: ['mine'], exclude: Array(60_000).fill('repositories') });
    expect(started.status, JSON.stringify(started.body).slice(0, 300)).to.equal(201);
    expect(started.body.exclude).to.deep.equal(['repositories']);
    const read = await withPreview(server, owner, 'GET', `/user/migrations/${started.body.id}`, WYANDOTTE);
    expect(read.body.exclude).to.deep.equal(['repositories']);
  });

  // A start sent without a body (octokit's startForOrg with no parameters) named a blank field:
  // the body is taken as empty, so the error names the field it lacks, as every other operation's.
  it('names repositories as the missing field of a start sent without a body', async () => {
    for (const path of ['/orgs/acme/migrations', '/user/migrations']) {
      const refused = await api(server, owner, 'POST', path);
      expect(refused.status, `${path}: ${JSON.stringify(refused.body)}`).to.equal(422);
      expectOperationResponse('post', path === '/user/migrations' ? path : '/orgs/{org}/migrations', 422, refused.body);
      expect(refused.body.errors, path).to.deep.equal([{ resource: 'Migration', field: 'repositories', code: 'missing_field' }]);
    }
    const imported = await api(server, server.adminAuthorization, 'POST', '/admin/migrations/import');
    expect(imported.status).to.equal(422);
    expect(imported.body.errors).to.deep.equal([{ resource: 'Migration', field: 'archive_path', code: 'missing_field' }]);
  });
});
