import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

const inertia = 'application/vnd.github.inertia-preview+json';

// On GitHub a pull request's issue has an id of the issue id space, never a pull request id
// that an unrelated issue may also have.
describe('HTTP a pull request issue has an issue id of its own', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    const hello = await createRepository(server, octocat, { name: 'hello', auto_init: true });
    const docs = await createRepository(server, octocat, { name: 'docs', auto_init: true });
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/issues', { title: 'First issue' })).status).to.equal(201);
    expect((await api(server, octocat, 'POST', '/repos/octocat/docs/issues', { title: 'Docs issue' })).status).to.equal(201);
    await bench.pushBranch(hello.id, 'feature', { 'feature.txt': 'one\n' });
    await bench.pushBranch(docs.id, 'feature', { 'feature.txt': 'two\n' });
    for (const repo of ['hello', 'docs']) {
      const opened = await api(server, octocat, 'POST', `/repos/octocat/${repo}/pulls`, { title: `Feature of ${repo}`, head: 'feature', base: 'main' });
      expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    }
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  async function issue(repo: string, number: number): Promise<{ id: number; node_id: string; number: number; pull_request?: unknown }> {
    const got = await api(server, octocat, 'GET', `/repos/octocat/${repo}/issues/${number}`);
    expect(got.status, JSON.stringify(got.body)).to.equal(200);
    return got.body;
  }

  it("differs from every issue's id in the instance, and from its node id", async () => {
    const issues = [await issue('hello', 1), await issue('docs', 1)];
    const pullIssues = [await issue('hello', 2), await issue('docs', 2)];
    for (const pullIssue of pullIssues) expect(pullIssue.pull_request).to.not.equal(undefined);
    const ids = [...issues, ...pullIssues].map((one) => one.id);
    expect(new Set(ids).size, JSON.stringify(ids)).to.equal(4);
    expect(new Set([...issues, ...pullIssues].map((one) => one.node_id)).size).to.equal(4);
    // Found by that id, as an issue (GitHub's issue id resolution).
    const search = await api(server, octocat, 'GET', '/search/issues?q=repo:octocat/docs+is:pr');
    expect(search.body.items.map((one: { id: number }) => one.id)).to.deep.equal([pullIssues[1]!.id]);
  });

  it("a card of content_type Issue with the pull request's issue id points at the pull request", async () => {
    const headers = { authorization: octocat, accept: inertia, 'content-type': 'application/json' };
    const project = await (
      await fetch(`${server.url}/repos/octocat/docs/projects`, { method: 'POST', headers, body: JSON.stringify({ name: 'Board' }) })
    ).json();
    const column = await (
      await fetch(`${server.url}/projects/${project.id}/columns`, { method: 'POST', headers, body: JSON.stringify({ name: 'To do' }) })
    ).json();
    const pullIssue = await issue('docs', 2);
    const created = await fetch(`${server.url}/projects/columns/${column.id}/cards`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content_id: pullIssue.id, content_type: 'Issue' }),
    });
    const card = await created.json();
    expect(created.status, JSON.stringify(card)).to.equal(201);
    expect(card.content_url).to.equal(`${server.url}/repos/octocat/docs/issues/2`);
    // The same pull request as a PullRequest card is the same content; the issue whose id is
    // the pull request's id is another.
    const pull = await api(server, octocat, 'GET', '/repos/octocat/docs/pulls/2');
    const again = await fetch(`${server.url}/projects/columns/${column.id}/cards`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content_id: pull.body.id, content_type: 'PullRequest' }),
    });
    expect(again.status).to.equal(422);
    expect((await again.json()).errors).to.deep.equal([
      { resource: 'ProjectCard', code: 'unprocessable', field: 'data', message: 'Project already has the associated issue' },
    ]);
    const docsIssue = await issue('docs', 1);
    const issueCard = await fetch(`${server.url}/projects/columns/${column.id}/cards`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content_id: docsIssue.id, content_type: 'Issue' }),
    });
    const issueCardBody = await issueCard.json();
    expect(issueCard.status, JSON.stringify(issueCardBody)).to.equal(201);
    const listed = await (await fetch(`${server.url}/projects/columns/${column.id}/cards`, { headers })).json();
    expect(listed.map((one: { id: number; content_url: string }) => [one.id, one.content_url])).to.deep.equal([
      [issueCardBody.id, `${server.url}/repos/octocat/docs/issues/1`],
      [card.id, `${server.url}/repos/octocat/docs/issues/2`],
    ]);
  });
});
