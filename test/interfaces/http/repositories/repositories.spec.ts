import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { expectSchema } from '../../../support/schemas.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

describe('HTTP repositories: create, read, edit, delete (fetch)', () => {
  let server: TestServer;
  let octocat: string;
  let stranger: string;
  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    stranger = await createUser(server, 'stranger');
  });
  after(async () => server.close());

  it('POST /user/repos creates a public repository answered as a full-repository', async () => {
    const created = await api(server, octocat, 'POST', '/user/repos', {
      name: 'Hello-World',
      description: 'My first repository',
      homepage: 'https://example.com',
    });
    expect(created.status).to.equal(201);
    expectSchema('full-repository', created.body);
    expect(created.body).to.include({
      name: 'Hello-World',
      full_name: 'octocat/Hello-World',
      private: false,
      fork: false,
      default_branch: 'main',
      visibility: 'public',
    });
    expect(created.body).to.include({
      description: 'My first repository',
      homepage: 'https://example.com',
      has_issues: true,
      archived: false,
      stargazers_count: 0,
    });
    expect(created.body.owner.login).to.equal('octocat');
    expect(created.body.url).to.equal(`${server.url}/repos/octocat/Hello-World`);
    expect(created.body.permissions).to.deep.equal({ admin: true, maintain: true, push: true, triage: true, pull: true });
    const read = await api(server, null, 'GET', '/repos/octocat/hello-world');
    expect(read.status).to.equal(200);
    expectSchema('full-repository', read.body);
    expect(read.body.id).to.equal(created.body.id);
    expect(read.body).not.to.have.property('permissions');
    expect(read.headers.get('etag')).to.match(/^W\/"/);
  });

  it('creates an empty bare git repository unless auto_init', async () => {
    const created = await createRepository(server, octocat, { name: 'empty-one' });
    expect(existsSync(join(server.dataDir, 'git', `${created.id}.git`, 'HEAD'))).to.equal(true);
  });

  it('hides a private repository from anonymous callers and strangers (404), not from its owner', async () => {
    const created = await createRepository(server, octocat, { name: 'secret', private: true });
    expect(created).to.include({ private: true, visibility: 'private' });
    for (const caller of [null, stranger]) {
      const hidden = await api(server, caller, 'GET', '/repos/octocat/secret');
      expect(hidden.status).to.equal(404);
      expect(hidden.body).to.deep.equal({
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest/repos/repos#get-a-repository',
        status: '404',
      });
      expect((await api(server, caller, 'GET', '/repos/octocat/secret/topics')).status).to.equal(404);
    }
    expect((await api(server, octocat, 'GET', '/repos/octocat/secret')).status).to.equal(200);
    expect((await api(server, server.adminAuthorization, 'GET', '/repos/octocat/secret')).body.permissions.admin).to.equal(true);
  });

  it('replaces characters GitHub does not keep in names with "-"', async () => {
    const created = await createRepository(server, octocat, { name: 'my repo!' });
    expect(created).to.include({ name: 'my-repo-', full_name: 'octocat/my-repo-' });
  });

  it('answers a name taken in any case with 422 already_exists and writes no repository', async () => {
    const before = await api(server, octocat, 'GET', '/user/repos?per_page=100');
    const taken = await api(server, octocat, 'POST', '/user/repos', { name: 'HELLO-WORLD' });
    expect(taken.status).to.equal(422);
    expectSchema('validation-error', taken.body);
    expect(taken.body.errors).to.deep.equal([
      { resource: 'Repository', field: 'name', code: 'already_exists', message: 'name already exists on this account' },
    ]);
    expect((await api(server, octocat, 'GET', '/user/repos?per_page=100')).body).to.have.length(before.body.length);
    // Another owner may use the same name.
    expect((await api(server, stranger, 'POST', '/user/repos', { name: 'Hello-World' })).status).to.equal(201);
  });

  it('answers bad input with 422 items, never a 500', async () => {
    const cases: [unknown, unknown][] = [
      [{}, [{ resource: 'Repository', field: 'name', code: 'missing_field' }]],
      [{ name: 42 }, [{ resource: 'Repository', field: 'name', code: 'invalid' }]],
      [{ name: 'x', private: 'yes' }, [{ resource: 'Repository', field: 'private', code: 'invalid' }]],
      [
        { name: 'x', has_issues: 1, description: 5 },
        [
          { resource: 'Repository', field: 'description', code: 'invalid' },
          { resource: 'Repository', field: 'has_issues', code: 'invalid' },
        ],
      ],
      [{ name: '..' }, [{ resource: 'Repository', field: 'name', code: 'invalid', message: 'name is reserved' }]],
      [{ name: '.' }, [{ resource: 'Repository', field: 'name', code: 'invalid', message: 'name is reserved' }]],
      [{ name: 'mirror.GIT' }, [{ resource: 'Repository', field: 'name', code: 'invalid', message: 'name cannot end with .git' }]],
      [{ name: '   ' }, [{ resource: 'Repository', field: 'name', code: 'missing_field', message: "name can't be blank" }]],
      [{ name: 'a'.repeat(101) }, [{ resource: 'Repository', field: 'name', code: 'invalid', message: 'name is too long (maximum is 100 characters)' }]],
    ];
    for (const [body, errors] of cases) {
      const response = await api(server, octocat, 'POST', '/user/repos', body);
      expect(response.status, JSON.stringify(body)).to.equal(422);
      expect(response.body.errors, JSON.stringify(body)).to.have.deep.members(errors as object[]);
    }
    expect((await api(server, octocat, 'POST', '/user/repos', [1, 2])).status).to.equal(422);
    expect((await api(server, octocat, 'POST', '/user/repos', '"just a string"')).status).to.equal(422);
    expect((await api(server, octocat, 'POST', '/user/repos', '{"name": ')).status).to.equal(400);
    expect((await api(server, null, 'POST', '/user/repos', { name: 'anon' })).status).to.equal(401);
  });

  it('answers unknown owners and repositories with 404', async () => {
    expect((await api(server, null, 'GET', '/repos/nobody/nothing')).status).to.equal(404);
    expect((await api(server, null, 'GET', '/repos/octocat/nothing')).status).to.equal(404);
    expect((await api(server, octocat, 'PATCH', '/repos/nobody/nothing', { description: 'x' })).status).to.equal(404);
    expect((await api(server, octocat, 'POST', '/orgs/no-such-org/repos', { name: 'x' })).status).to.equal(404);
    // A user is not an organization.
    expect((await api(server, octocat, 'POST', '/orgs/octocat/repos', { name: 'x' })).status).to.equal(404);
  });

  it('PATCH edits settings for the owner; others get 403 on a public repository and 401 anonymously', async () => {
    const edited = await api(server, octocat, 'PATCH', '/repos/octocat/Hello-World', { description: 'Edited', has_wiki: false, homepage: null });
    expect(edited.status).to.equal(200);
    expectSchema('full-repository', edited.body);
    expect(edited.body).to.include({ description: 'Edited', has_wiki: false, homepage: null, name: 'Hello-World' });
    expect(edited.body.updated_at >= edited.body.created_at).to.equal(true);
    const refused = await api(server, stranger, 'PATCH', '/repos/octocat/Hello-World', { description: 'Mine now' });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('Must have admin rights to Repository.');
    expect((await api(server, null, 'PATCH', '/repos/octocat/Hello-World', { description: 'x' })).status).to.equal(401);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/Hello-World', { private: 'no' })).body.errors).to.deep.equal([
      { resource: 'Repository', field: 'private', code: 'invalid' },
    ]);
    expect((await api(server, null, 'GET', '/repos/octocat/Hello-World')).body.description).to.equal('Edited');
  });

  it('PATCH private hides the repository; default_branch must name an existing branch', async () => {
    const hidden = await api(server, octocat, 'PATCH', '/repos/octocat/empty-one', { visibility: 'private' });
    expect(hidden.body).to.include({ private: true, visibility: 'private' });
    expect((await api(server, stranger, 'GET', '/repos/octocat/empty-one')).status).to.equal(404);
    const branch = await api(server, octocat, 'PATCH', '/repos/octocat/empty-one', { default_branch: 'develop' });
    expect(branch.status).to.equal(422);
    expect(branch.body.errors[0]).to.include({ resource: 'Repository', field: 'default_branch', code: 'invalid' });
  });

  it('an archived repository is read-only until its administrator unarchives it', async () => {
    await createRepository(server, octocat, { name: 'attic' });
    const archived = await api(server, octocat, 'PATCH', '/repos/octocat/attic', { archived: true });
    expect(archived.body.archived).to.equal(true);
    for (const [method, path, body] of [
      ['PATCH', '/repos/octocat/attic', { description: 'x' }],
      ['PUT', '/repos/octocat/attic/topics', { names: ['x'] }],
    ] as const) {
      const refused = await api(server, octocat, method, path, body);
      expect(refused.status).to.equal(403);
      expect(refused.body.message).to.equal('Repository was archived so is read-only.');
    }
    expect((await api(server, stranger, 'PATCH', '/repos/octocat/attic', { archived: false })).status).to.equal(403);
    const unarchived = await api(server, octocat, 'PATCH', '/repos/octocat/attic', { archived: false, description: 'back' });
    expect(unarchived.status).to.equal(200);
    expect(unarchived.body).to.include({ archived: false, description: 'back' });
  });

  it('DELETE removes the repository, its git directory and frees its name (admin only)', async () => {
    const created = await createRepository(server, octocat, { name: 'doomed', auto_init: true });
    const refused = await api(server, stranger, 'DELETE', '/repos/octocat/doomed');
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('Must have admin rights to Repository.');
    const deleted = await api(server, octocat, 'DELETE', '/repos/octocat/doomed');
    expect(deleted.status).to.equal(204);
    expect(deleted.body).to.equal(null);
    expect((await api(server, octocat, 'GET', '/repos/octocat/doomed')).status).to.equal(404);
    expect(existsSync(join(server.dataDir, 'git', `${created.id}.git`))).to.equal(false);
    const again = await createRepository(server, octocat, { name: 'doomed' });
    expect(again.id).not.to.equal(created.id);
  });

  it('keeps repositories across a restart, rebuilt from the log', async () => {
    const { rm } = await import('node:fs/promises');
    await server.stop();
    await rm(join(server.dataDir, 'snapshots'), { recursive: true, force: true });
    server = await startTestServer({}, server.dataDir);
    const read = await api(server, octocat, 'GET', '/repos/octocat/Hello-World');
    expect(read.status).to.equal(200);
    expect(read.body).to.include({ description: 'Edited', has_wiki: false });
    expect((await api(server, stranger, 'GET', '/repos/octocat/secret')).status).to.equal(404);
  });
});
