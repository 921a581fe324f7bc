import { expect } from 'chai';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

const ARCHIVED = 'Repository was archived so is read-only.';
const LOCKED = "This repository is currently being migrated. It's locked while the migration is in progress.";

// A repository's projects follow the repository: read-only while it is archived or locked by
// a migration, and as private as it is.
describe('HTTP projects of an archived, locked or private repository', () => {
  let server: TestServer;
  let octocat: string;
  const call = (method: string, path: string, body?: unknown) => projectCall(server, octocat, method, path, body);
  // A board with a column and a card, and every change GitHub refuses on a read-only repository.
  const board = async (repository: string) => {
    const project = (await call('POST', `/repos/octocat/${repository}/projects`, { name: 'Board' })).body;
    const column = (await call('POST', `/projects/${project.id}/columns`, { name: 'To do' })).body;
    const card = (await call('POST', `/projects/columns/${column.id}/cards`, { note: 'first' })).body;
    const changes: Array<[string, string, unknown]> = [
      ['POST', `/repos/octocat/${repository}/projects`, { name: 'Another' }],
      ['PATCH', `/projects/${project.id}`, { name: 'Renamed' }],
      ['POST', `/projects/${project.id}/columns`, { name: 'Done' }],
      ['PATCH', `/projects/columns/${column.id}`, { name: 'Doing' }],
      ['POST', `/projects/columns/${column.id}/cards`, { note: 'second' }],
      ['PATCH', `/projects/columns/cards/${card.id}`, { note: 'edited' }],
      ['POST', `/projects/columns/cards/${card.id}/moves`, { position: 'bottom' }],
      ['DELETE', `/projects/columns/cards/${card.id}`, undefined],
      ['DELETE', `/projects/${project.id}`, undefined],
    ];
    return { project, column, card, changes };
  };

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
  });
  after(() => server.close());

  it('refuses every change to an archived repository’s projects with 403, reads them, and takes changes again once unarchived', async () => {
    await createRepository(server, octocat, { name: 'shelf' });
    const { project, column, changes } = await board('shelf');
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/shelf', { archived: true })).status).to.equal(200);
    for (const [method, path, body] of changes) {
      const refused = await call(method, path, body);
      expect(refused.status, `${method} ${path}`).to.equal(403);
      expect(refused.body.message, `${method} ${path}`).to.equal(ARCHIVED);
    }
    const read = await call('GET', `/projects/${project.id}`);
    expect(read.status).to.equal(200);
    expect(read.body.name).to.equal('Board');
    const cards = (await call('GET', `/projects/columns/${column.id}/cards`)).body;
    expect(cards.map((card: { note: string }) => card.note)).to.deep.equal(['first']);
    expect((await call('GET', '/repos/octocat/shelf/projects')).body).to.have.length(1);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/shelf', { archived: false })).status).to.equal(200);
    expect((await call('PATCH', `/projects/${project.id}`, { name: 'Renamed' })).body.name).to.equal('Renamed');
  });

  it('refuses every change to the projects of a repository a migration locked', async () => {
    await createRepository(server, octocat, { name: 'moving' });
    const { project, changes } = await board('moving');
    const migration = await api(server, octocat, 'POST', '/user/migrations', { repositories: ['moving'], lock_repositories: true });
    expect(migration.status, JSON.stringify(migration.body)).to.equal(201);
    for (const [method, path, body] of changes) {
      const refused = await call(method, path, body);
      expect(refused.status, `${method} ${path}`).to.equal(403);
      expect(refused.body.message, `${method} ${path}`).to.equal(LOCKED);
    }
    expect((await call('GET', `/projects/${project.id}`)).body.name).to.equal('Board');
  });

  it('shows a private repository’s project as private', async () => {
    await createRepository(server, octocat, { name: 'hidden', private: true });
    await createRepository(server, octocat, { name: 'open' });
    const hidden = (await call('POST', '/repos/octocat/hidden/projects', { name: 'Secret board' })).body;
    expectSchema('project', hidden);
    expect(hidden.private).to.equal(true);
    expect((await call('GET', `/projects/${hidden.id}`)).body.private).to.equal(true);
    expect((await call('GET', '/repos/octocat/hidden/projects')).body[0].private).to.equal(true);
    expect((await call('POST', '/repos/octocat/open/projects', { name: 'Open board' })).body.private).to.equal(false);
  });
});
