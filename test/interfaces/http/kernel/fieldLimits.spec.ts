import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// GitHub's field limits, each refused with 422 naming the field, and nothing written.
describe('field limits as GitHub has them', () => {
  let server: TestServer;
  let owner: string;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'limited');
    await createRepository(server, owner, { name: 'bounded' });
    expect((await api(server, owner, 'POST', '/repos/limited/bounded/issues', { title: 'fits' })).status).to.equal(201);
  });
  after(async () => server.close());

  const refused = async (method: string, path: string, body: unknown, resource: string, field: string, message: string) => {
    const answer = await api(server, owner, method, path, body);
    expect(answer.status, `${method} ${path} ${field}`).to.equal(422);
    expect(answer.body.errors, `${method} ${path} ${field}`).to.deep.equal([{ resource, field, code: 'invalid', message }]);
  };

  it('issue and comment bodies up to 65,536 characters', async () => {
    const long = 'x'.repeat(65_537);
    await refused('POST', '/repos/limited/bounded/issues', { title: 't', body: long }, 'Issue', 'body', 'body is too long (maximum is 65536 characters)');
    await refused('PATCH', '/repos/limited/bounded/issues/1', { body: long }, 'Issue', 'body', 'body is too long (maximum is 65536 characters)');
    await refused('POST', '/repos/limited/bounded/issues/1/comments', { body: long }, 'IssueComment', 'body', 'body is too long (maximum is 65536 characters)');
    expect((await api(server, owner, 'POST', '/repos/limited/bounded/issues/1/comments', { body: 'x'.repeat(65_536) })).status).to.equal(201);
    expect((await api(server, owner, 'GET', '/repos/limited/bounded/issues?state=all')).body).to.have.length(1);
  });

  it('titles up to 256, repository descriptions up to 350, label descriptions up to 100', async () => {
    await refused('POST', '/repos/limited/bounded/issues', { title: 't'.repeat(257) }, 'Issue', 'title', 'title is too long (maximum is 256 characters)');
    await refused(
      'PATCH',
      '/repos/limited/bounded',
      { description: 'd'.repeat(351) },
      'Repository',
      'description',
      'description is too long (maximum is 350 characters)',
    );
    await refused(
      'POST',
      '/user/repos',
      { name: 'too-described', description: 'd'.repeat(351) },
      'Repository',
      'description',
      'description is too long (maximum is 350 characters)',
    );
    // Nothing was reserved for the refused creation: the name is free.
    expect((await api(server, owner, 'POST', '/user/repos', { name: 'too-described' })).status).to.equal(201);
    await refused(
      'POST',
      '/repos/limited/bounded/labels',
      { name: 'l', color: 'ffffff', description: 'd'.repeat(101) },
      'Label',
      'description',
      'description is too long (maximum is 100 characters)',
    );
  });

  it('profile fields: bio 160, name, company, location and blog 255; a 20 MB bio is refused', async () => {
    await refused('PATCH', '/user', { bio: 'b'.repeat(161) }, 'User', 'bio', 'bio is too long (maximum is 160 characters)');
    for (const field of ['name', 'company', 'location', 'blog'])
      await refused('PATCH', '/user', { [field]: 'v'.repeat(256) }, 'User', field, `${field} is too long (maximum is 255 characters)`);
    const huge = await api(server, owner, 'PATCH', '/user', { bio: 'b'.repeat(20_000_000) });
    expect(huge.status).to.be.oneOf([413, 422]);
    expect((await api(server, null, 'GET', '/users/limited')).body.bio).to.equal(null);
  });

  it('passwords: at least 8 and at most 72 characters', async () => {
    const created = await api(server, server.adminAuthorization, 'POST', '/admin/users', {
      login: 'longpass',
      email: 'l@example.com',
      password: 'p'.repeat(73),
    });
    expect(created.status).to.equal(422);
    expect(created.body.errors).to.deep.equal([
      { resource: 'User', field: 'password', code: 'invalid', message: 'password is too long (maximum is 72 characters)' },
    ]);
    await refused(
      'PATCH',
      '/user/password',
      { old_password: 'a long enough password', new_password: 'n'.repeat(73) },
      'User',
      'new_password',
      'new_password is too long (maximum is 72 characters)',
    );
  });
});
