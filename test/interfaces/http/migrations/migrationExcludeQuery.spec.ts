import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

// `exclude` is a list (array<string> in GitHub's descriptions): GitHub, a Rails application,
// reads it as `exclude[]=repositories` as well as `exclude=repositories` (what octokit sends).
describe('migrations: the exclude query parameter as a list, exclude[]', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: string;
  let organizationMigration: number;
  let userMigration: number;

  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'mover');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
    await createRepository(server, owner, { name: 'app', auto_init: true }, '/orgs/acme/repos');
    await createRepository(server, owner, { name: 'mine', auto_init: true });
    organizationMigration = (await api(server, owner, 'POST', '/orgs/acme/migrations', { repositories: ['app'] })).body.id;
    userMigration = (await api(server, owner, 'POST', '/user/migrations', { repositories: ['mine'] })).body.id;
  });
  after(() => server.close());

  const repositoriesOf = async (path: string) => {
    const response = await withPreview(server, owner, 'GET', path, WYANDOTTE);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return Array.isArray(response.body) ? response.body.map((migration: any) => migration.repositories.length) : response.body.repositories.length;
  };

  it('leaves the repositories out of a migration and of a list with exclude[]=repositories', async () => {
    expect(await repositoriesOf(`/orgs/acme/migrations/${organizationMigration}`)).to.equal(1);
    expect(await repositoriesOf(`/orgs/acme/migrations/${organizationMigration}?exclude[]=repositories`)).to.equal(0);
    expect(await repositoriesOf(`/orgs/acme/migrations/${organizationMigration}?exclude%5B%5D=repositories`)).to.equal(0);
    expect(await repositoriesOf(`/user/migrations/${userMigration}?exclude[]=repositories`)).to.equal(0);
    expect(await repositoriesOf('/orgs/acme/migrations?exclude[]=repositories')).to.deep.equal([0]);
    expect(await repositoriesOf('/user/migrations?exclude[]=repositories')).to.deep.equal([0]);
    expect(await repositoriesOf(`/user/migrations/${userMigration}?exclude=repositories`)).to.equal(0);
    expect(await repositoriesOf(`/user/migrations/${userMigration}?exclude[]=other`)).to.equal(1);
  });
});
