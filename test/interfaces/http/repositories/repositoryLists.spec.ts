import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

const names = (body: { full_name: string }[]) => body.map((repository) => repository.full_name);

describe('HTTP repositories: lists and topics', () => {
  let server: TestServer;
  let octocat: string;
  let hubot: string;
  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    for (const name of ['charlie', 'Alpha', 'bravo']) await createRepository(server, octocat, { name });
    await createRepository(server, octocat, { name: 'delta-private', private: true });
    await createRepository(server, hubot, { name: 'hubot-shared', private: true });
    await addCollaborator(server, hubot, 'hubot/hubot-shared', 'octocat', 'push');
  });
  after(async () => server.close());

  it('GET /user/repos lists owned and collaborated repositories by full_name, as minimal-repository', async () => {
    const listed = await api(server, octocat, 'GET', '/user/repos');
    expect(listed.status).to.equal(200);
    expectArrayOf('minimal-repository', listed.body);
    expect(names(listed.body)).to.deep.equal(['hubot/hubot-shared', 'octocat/Alpha', 'octocat/bravo', 'octocat/charlie', 'octocat/delta-private']);
    expect(listed.body[0].permissions).to.include({ admin: false, push: true, pull: true });
    expect(listed.headers.get('link')).to.equal(null);
  });

  it('filters /user/repos by visibility, affiliation and type, and pages with Link', async () => {
    expect(names((await api(server, octocat, 'GET', '/user/repos?visibility=private')).body)).to.deep.equal(['hubot/hubot-shared', 'octocat/delta-private']);
    expect(names((await api(server, octocat, 'GET', '/user/repos?affiliation=collaborator')).body)).to.deep.equal(['hubot/hubot-shared']);
    expect(names((await api(server, octocat, 'GET', '/user/repos?type=owner&sort=created&direction=asc')).body)).to.deep.equal([
      'octocat/charlie',
      'octocat/Alpha',
      'octocat/bravo',
      'octocat/delta-private',
    ]);
    const conflict = await api(server, octocat, 'GET', '/user/repos?type=owner&visibility=public');
    expect(conflict.status).to.equal(422);
    expectSchema('validation-error', conflict.body);
    const page = await api(server, octocat, 'GET', '/user/repos?per_page=2&page=2');
    expect(names(page.body)).to.deep.equal(['octocat/bravo', 'octocat/charlie']);
    const link = page.headers.get('link')!;
    expect(link).to.contain(`<${server.url}/user/repos?per_page=2&page=3>; rel="next"`);
    expect(link).to.contain('rel="prev"');
    expect(link).to.contain('rel="last"');
    expect((await api(server, null, 'GET', '/user/repos')).status).to.equal(401);
  });

  it('GET /users/{username}/repos shows public repositories, and private ones to who can read them', async () => {
    const anonymous = await api(server, null, 'GET', '/users/octocat/repos');
    expectArrayOf('minimal-repository', anonymous.body);
    expect(names(anonymous.body)).to.deep.equal(['octocat/Alpha', 'octocat/bravo', 'octocat/charlie']);
    expect(anonymous.body[0]).not.to.have.property('permissions');
    expect(names((await api(server, hubot, 'GET', '/users/octocat/repos')).body)).to.have.length(3);
    expect(names((await api(server, octocat, 'GET', '/users/octocat/repos')).body)).to.include('octocat/delta-private');
    expect(names((await api(server, octocat, 'GET', '/users/octocat/repos?type=member')).body)).to.deep.equal(['hubot/hubot-shared']);
    expect(names((await api(server, null, 'GET', '/users/octocat/repos?sort=full_name&direction=desc')).body)).to.deep.equal([
      'octocat/charlie',
      'octocat/bravo',
      'octocat/Alpha',
    ]);
    expect((await api(server, null, 'GET', '/users/nobody-here/repos')).status).to.equal(404);
  });

  it('topics: GET answers {names}; PUT replaces them in lowercase and shows them in the repository', async () => {
    expect((await api(server, null, 'GET', '/repos/octocat/Alpha/topics')).body).to.deep.equal({ names: [] });
    const replaced = await api(server, octocat, 'PUT', '/repos/octocat/Alpha/topics', { names: ['Octocat', 'atom', 'electron', 'atom'] });
    expect(replaced.status).to.equal(200);
    expectSchema('topic', replaced.body);
    expect(replaced.body).to.deep.equal({ names: ['octocat', 'atom', 'electron'] });
    expect((await api(server, null, 'GET', '/repos/octocat/Alpha')).body.topics).to.deep.equal(['octocat', 'atom', 'electron']);
    expect((await api(server, null, 'GET', '/users/octocat/repos')).body[0].topics).to.deep.equal(['octocat', 'atom', 'electron']);
    expect((await api(server, octocat, 'PUT', '/repos/octocat/Alpha/topics', { names: [] })).body).to.deep.equal({ names: [] });
  });

  it('topics: refuses invalid names, more than 20, wrong types (422) and non-maintainers (403)', async () => {
    const invalid = await api(server, octocat, 'PUT', '/repos/octocat/Alpha/topics', { names: ['ok', '-bad', 'has space', 'x'.repeat(51)] });
    expect(invalid.status).to.equal(422);
    expect(invalid.body.errors[0]).to.include({ resource: 'Repository', field: 'topics', code: 'invalid' });
    expect(invalid.body.errors[0].message).to.contain('-bad, has space');
    const many = await api(server, octocat, 'PUT', '/repos/octocat/Alpha/topics', { names: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expect(many.status).to.equal(422);
    expect((await api(server, octocat, 'PUT', '/repos/octocat/Alpha/topics', { names: 'atom' })).body.errors).to.deep.equal([
      { resource: 'Repository', field: 'names', code: 'invalid' },
    ]);
    expect((await api(server, octocat, 'PUT', '/repos/octocat/Alpha/topics', {})).body.errors).to.deep.equal([
      { resource: 'Repository', field: 'names', code: 'missing_field' },
    ]);
    const refused = await api(server, hubot, 'PUT', '/repos/octocat/Alpha/topics', { names: ['mine'] });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('Must have admin rights to Repository.');
  });
});
