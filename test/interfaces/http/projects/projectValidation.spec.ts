import { expect } from 'chai';
import { expectOperationResponse } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// Each projects operation answers 422 in the shape it declares: `validation-error-simple`
// (errors are sentences) or `validation-error` (errors are objects); creating a card, either.
describe('HTTP projects: 422 bodies and card bodies', () => {
  let server: TestServer;
  let octocat: string;
  let project: number;
  let columns: { todo: number; done: number };
  let card: number;
  let other: number;
  const call = (method: string, path: string, body?: unknown) => projectCall(server, octocat, method, path, body);

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'board', auto_init: true });
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' })).status).to.equal(201);
    expect((await api(server, octocat, 'POST', '/repos/octocat/board/issues', { title: 'An issue' })).status).to.equal(201);
    project = (await call('POST', '/repos/octocat/board/projects', { name: 'Board' })).body.id;
    columns = {
      todo: (await call('POST', `/projects/${project}/columns`, { name: 'To do' })).body.id,
      done: (await call('POST', `/projects/${project}/columns`, { name: 'Done' })).body.id,
    };
    card = (await call('POST', `/projects/columns/${columns.todo}/cards`, { note: 'one' })).body.id;
    other = (await call('POST', `/projects/columns/${columns.done}/cards`, { note: 'elsewhere' })).body.id;
  });
  after(() => server.close());

  const cases = (): [string, string, string, unknown][] => [
    ['post', '/projects/{project_id}/columns', `/projects/${project}/columns`, {}],
    ['post', '/projects/columns/{column_id}/moves', `/projects/columns/${columns.todo}/moves`, { position: 'middle' }],
    ['patch', '/projects/{project_id}', `/projects/${project}`, { state: 'bogus' }],
    ['patch', '/projects/columns/cards/{card_id}', `/projects/columns/cards/${card}`, { archived: 'yes' }],
    ['post', '/orgs/{org}/projects', '/orgs/acme/projects', {}],
    ['post', '/projects/columns/cards/{card_id}/moves', `/projects/columns/cards/${card}/moves`, { position: `after:${other}` }],
    ['post', '/projects/columns/cards/{card_id}/moves', `/projects/columns/cards/${card}/moves`, { position: 'sideways' }],
    // A repository project's collaborators are its repository's: refused in the objects shape.
    ['put', '/projects/{project_id}/collaborators/{username}', `/projects/${project}/collaborators/octocat`, { permission: 'read' }],
  ];

  it("answers each operation's 422 in the schema that operation declares", async () => {
    for (const [method, template, path, body] of cases()) {
      const refused = await call(method.toUpperCase(), path, body);
      expect(refused.status, `${method} ${path}`).to.equal(422);
      expect(refused.body.message).to.equal('Validation Failed');
      expect(refused.body.errors, `${method} ${path}`).to.have.length.greaterThan(0);
      expectOperationResponse(method, template, 422, refused.body);
    }
    // Nothing changed: the card is still alone in its column, unarchived.
    const cards = await call('GET', `/projects/columns/${columns.todo}/cards`);
    expect(cards.body.map((one: { id: number; archived: boolean }) => [one.id, one.archived])).to.deep.equal([[card, false]]);
  });

  it('refuses a card body with both a note and content, creating nothing', async () => {
    const issueId = (await api(server, octocat, 'GET', '/repos/octocat/board/issues/1')).body.id;
    const refused = await call('POST', `/projects/columns/${columns.done}/cards`, { note: 'x', content_id: issueId, content_type: 'Issue' });
    expect(refused.status).to.equal(422);
    expect(refused.body.message).to.equal('Validation Failed');
    expectOperationResponse('post', '/projects/columns/{column_id}/cards', 422, refused.body);
    const cards = await call('GET', `/projects/columns/${columns.done}/cards`);
    expect(cards.body.map((one: { id: number }) => one.id)).to.deep.equal([other]);
  });

  it("names the card, not the project, in a card move's unknown position", async () => {
    const refused = await call('POST', `/projects/columns/cards/${card}/moves`, { position: 'first' });
    expect(refused.status).to.equal(422);
    expect(refused.body.errors).to.deep.equal([{ resource: 'ProjectCard', field: 'position', code: 'invalid' }]);
  });

  it('says content_type is invalid for an unknown content type, not that a note is missing', async () => {
    const refused = await call('POST', `/projects/columns/${columns.done}/cards`, { content_id: 3, content_type: 'Foo' });
    expect(refused.status).to.equal(422);
    expect(refused.body.errors).to.deep.equal([{ resource: 'ProjectCard', field: 'content_type', code: 'invalid' }]);
    expectOperationResponse('post', '/projects/columns/{column_id}/cards', 422, refused.body);
  });

  it('refuses a body that is no object in GitHub\'s words, in either shape, never as " is invalid"', async () => {
    const sentence = await call('POST', `/projects/columns/${columns.todo}/moves`, []);
    expect(sentence.status).to.equal(422);
    expect(sentence.body.errors).to.deep.equal(["For 'links/0/schema', [] is not an object."]);
    expectOperationResponse('post', '/projects/columns/{column_id}/moves', 422, sentence.body);
    const object = await call('POST', `/projects/columns/cards/${card}/moves`, 'top');
    expect(object.status).to.equal(422);
    expect(object.body.errors).to.deep.equal([{ resource: 'ProjectCard', code: 'invalid', message: `For 'links/0/schema', "top" is not an object.` }]);
    expectOperationResponse('post', '/projects/columns/cards/{card_id}/moves', 422, object.body);
  });
});
