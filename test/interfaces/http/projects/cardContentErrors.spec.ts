import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// What GitHub answers a content card it cannot make, as clients have recorded it (pytorch/
// pytorch#63347, takanabe/github-actions-automate-projects#24, google/go-github#1467): 422 with
// one error object, code `unprocessable` on the field `data`, not a bare sentence. Automations
// look for "Project already has the associated issue" in errors[0].message to skip an issue
// already on the board; go-github reads errors as objects.
describe('classic projects: the 422 a content card is refused with', () => {
  let server: TestServer;
  let octocat: string;
  let columnId: number;
  let issueId: number;

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'board', auto_init: true });
    await createRepository(server, octocat, { name: 'other', auto_init: true });
    const issue = await api(server, octocat, 'POST', '/repos/octocat/board/issues', { title: 'A bug' });
    issueId = issue.body.id;
    const project = await projectCall(server, octocat, 'POST', '/repos/octocat/board/projects', { name: 'Board' });
    columnId = (await projectCall(server, octocat, 'POST', `/projects/${project.body.id}/columns`, { name: 'To do' })).body.id;
  });
  after(() => server.close());

  it('an issue already on the board: "Project already has the associated issue", code unprocessable on data', async () => {
    const first = await projectCall(server, octocat, 'POST', `/projects/columns/${columnId}/cards`, { content_id: issueId, content_type: 'Issue' });
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    const again = await projectCall(server, octocat, 'POST', `/projects/columns/${columnId}/cards`, { content_id: issueId, content_type: 'Issue' });
    expect(again.status).to.equal(422);
    expect(again.body.message).to.equal('Validation Failed');
    expect(again.body.errors).to.deep.equal([
      { resource: 'ProjectCard', code: 'unprocessable', field: 'data', message: 'Project already has the associated issue' },
    ]);
  });

  it('content that does not resolve: the global (node) id it looked for, in an error object', async () => {
    const issue = await projectCall(server, octocat, 'POST', `/projects/columns/${columnId}/cards`, { content_id: 278, content_type: 'Issue' });
    expect(issue.status).to.equal(422);
    expect(issue.body.message).to.equal('Validation Failed');
    // 'MDU6SXNzdWUyNzg=' is the global id of issue 278 (base64 of "05:Issue278"), as google/go-github#1467 quotes it.
    expect(issue.body.errors).to.deep.equal([
      { resource: 'ProjectCard', code: 'unprocessable', field: 'data', message: "Could not resolve to a node with the global id of 'MDU6SXNzdWUyNzg='." },
    ]);
    const pull = await projectCall(server, octocat, 'POST', `/projects/columns/${columnId}/cards`, { content_id: 278, content_type: 'PullRequest' });
    expect(pull.status).to.equal(422);
    expect(pull.body.errors).to.deep.equal([
      {
        resource: 'ProjectCard',
        code: 'unprocessable',
        field: 'data',
        message: `Could not resolve to a node with the global id of '${Buffer.from('011:PullRequest278').toString('base64')}'.`,
      },
    ]);
  });

  // The same object form for content outside the board's scope (cardContentScope.ts): every
  // refusal of a card's content comes through the same path on GitHub, code unprocessable on data.
  it('content outside the board: the reason in an error object', async () => {
    const elsewhere = await api(server, octocat, 'POST', '/repos/octocat/other/issues', { title: 'Elsewhere' });
    const refused = await projectCall(server, octocat, 'POST', `/projects/columns/${columnId}/cards`, { content_id: elsewhere.body.id, content_type: 'Issue' });
    expect(refused.status).to.equal(422);
    expect(refused.body.message).to.equal('Validation Failed');
    expect(refused.body.errors).to.deep.equal([
      { resource: 'ProjectCard', code: 'unprocessable', field: 'data', message: 'Content must belong to the same repository or organization as the project' },
    ]);
  });
});
