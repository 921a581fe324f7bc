import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { INERTIA, projectCall } from './projectCalls.js';

// GitHub's three kinds of board and the issues and pull requests each takes ("About project
// boards"): a repository project is scoped to its repository, an organization-wide one to any
// repository of the organization, a user-owned one to any personal repository. Content out of
// scope, or that the caller cannot see, is refused with 422.
describe('classic projects: which issues and pull requests a card may hold', () => {
  let server: TestServer;
  let octocat: string;
  const ids: Record<string, number> = {};
  const columns: Record<string, number> = {};

  const issueIn = async (authorization: string, fullName: string): Promise<number> => {
    const created = await api(server, authorization, 'POST', `/repos/${fullName}/issues`, { title: `A bug in ${fullName}` });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return created.body.id;
  };
  // A pull request of the repository's default branch and a branch with one more file.
  const pullIn = async (authorization: string, fullName: string): Promise<number> => {
    const main = await api(server, authorization, 'GET', `/repos/${fullName}/git/ref/heads/main`);
    expect((await api(server, authorization, 'POST', `/repos/${fullName}/git/refs`, { ref: 'refs/heads/feature', sha: main.body.object.sha })).status).to.equal(
      201,
    );
    const file = { message: 'Add a feature', content: Buffer.from('a feature\n').toString('base64'), branch: 'feature' };
    expect((await api(server, authorization, 'PUT', `/repos/${fullName}/contents/feature.txt`, file)).status).to.equal(201);
    const pull = await api(server, authorization, 'POST', `/repos/${fullName}/pulls`, { title: 'A feature', head: 'feature', base: 'main' });
    expect(pull.status, JSON.stringify(pull.body)).to.equal(201);
    return pull.body.id;
  };
  const card = (column: string, contentId: number, contentType = 'Issue') =>
    projectCall(server, octocat, 'POST', `/projects/columns/${columns[column]}/cards`, { content_id: contentId, content_type: contentType });
  const expectRefused = async (column: string, contentId: number, contentType = 'Issue') => {
    const refused = await card(column, contentId, contentType);
    expect(refused.status, JSON.stringify(refused.body)).to.equal(422);
    expect(refused.body.message).to.equal('Validation Failed');
    expect(refused.body.errors).to.be.an('array').with.lengthOf(1);
  };

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    const hubot = await createUser(server, 'hubot');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' })).status).to.equal(201);
    await createRepository(server, octocat, { name: 'board', auto_init: true });
    await createRepository(server, octocat, { name: 'other', auto_init: true });
    await createRepository(server, octocat, { name: 'app', auto_init: true }, '/orgs/acme/repos');
    await createRepository(server, hubot, { name: 'tools', auto_init: true });
    await createRepository(server, hubot, { name: 'secret', private: true, auto_init: true });
    for (const fullName of ['octocat/board', 'octocat/other', 'acme/app']) ids[fullName] = await issueIn(octocat, fullName);
    for (const fullName of ['hubot/tools', 'hubot/secret']) ids[fullName] = await issueIn(hubot, fullName);
    ids['hubot/tools pull'] = await pullIn(hubot, 'hubot/tools');
    for (const [kind, path] of [
      ['repository', '/repos/octocat/board/projects'],
      ['organization', '/orgs/acme/projects'],
      ['user', '/user/projects'],
    ]) {
      const project = await projectCall(server, octocat, 'POST', path!, { name: `${kind} board` });
      const column = await projectCall(server, octocat, 'POST', `/projects/${project.body.id}/columns`, { name: 'To do' });
      columns[kind!] = column.body.id;
    }
  });
  after(() => server.close());

  it('a repository project takes its repository’s issues only', async () => {
    const octokit = basicOctokit(server, 'octocat', PASSWORD);
    const created = await octokit.projects.createCard({
      column_id: columns.repository!,
      content_id: ids['octocat/board']!,
      content_type: 'Issue',
      headers: { accept: INERTIA },
    });
    expect(created.status).to.equal(201);
    expectSchema('project-card', created.data);
    expect(created.data.content_url).to.equal(`${server.url}/repos/octocat/board/issues/1`);
    await expectRefused('repository', ids['octocat/other']!);
    await expectRefused('repository', ids['acme/app']!);
  });

  it('an organization project takes the organization’s repositories’ issues only', async () => {
    expect((await card('organization', ids['acme/app']!)).status).to.equal(201);
    await expectRefused('organization', ids['octocat/board']!);
    await expectRefused('organization', ids['hubot/tools']!);
  });

  it('a user’s project takes issues and pull requests of any personal repository, not an organization’s', async () => {
    expect((await card('user', ids['octocat/other']!)).status).to.equal(201);
    const pull = await card('user', ids['hubot/tools pull']!, 'PullRequest');
    expect(pull.status, JSON.stringify(pull.body)).to.equal(201);
    expect(pull.body.content_url).to.equal(`${server.url}/repos/hubot/tools/issues/2`);
    expect((await card('user', ids['hubot/tools']!)).status).to.equal(201);
    await expectRefused('user', ids['acme/app']!);
  });

  it('content the caller cannot see, or that does not exist, is refused alike', async () => {
    await expectRefused('user', ids['hubot/secret']!);
    await expectRefused('user', 999_999);
    await expectRefused('user', ids['hubot/tools']!, 'PullRequest');
  });
});
