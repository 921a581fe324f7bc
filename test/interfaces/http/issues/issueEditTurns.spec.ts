import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// An issue's labels, assignees, milestone, lock, title and state are decided on its one stream:
// many changes at once take turns in a process rather than racing for its revision.
describe('HTTP issues: one issue changed by many requests at once', () => {
  let server: TestServer;
  let octocat: string;
  let number: number;
  const names = Array.from({ length: 40 }, (_, index) => `triage-${index}`);
  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'busy' });
    for (const name of names) expect((await api(server, octocat, 'POST', '/repos/octocat/busy/labels', { name, color: 'ededed' })).status).to.equal(201);
    number = (await api(server, octocat, 'POST', '/repos/octocat/busy/issues', { title: 'Busy issue' })).body.number;
  });
  after(async () => server.close());

  it('forty labels added at once: every answer 200, and the issue carries the forty', async () => {
    const answers = await Promise.all(names.map((name) => api(server, octocat, 'POST', `/repos/octocat/busy/issues/${number}/labels`, { labels: [name] })));
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.find((answer) => answer.status !== 200)?.body),
    ).to.deep.equal(names.map(() => 200));
    const carried = (await api(server, octocat, 'GET', `/repos/octocat/busy/issues/${number}/labels?per_page=100`)).body as { name: string }[];
    expect(carried.map((label) => label.name).sort()).to.deep.equal([...names].sort());
  });

  it('forty edits of the title and state at once: every answer 200, and the issue is one of them', async () => {
    const answers = await Promise.all(
      names.map((name, index) =>
        api(server, octocat, 'PATCH', `/repos/octocat/busy/issues/${number}`, { title: name, state: index % 2 === 0 ? 'closed' : 'open' }),
      ),
    );
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.find((answer) => answer.status !== 200)?.body),
    ).to.deep.equal(names.map(() => 200));
    const issue = (await api(server, octocat, 'GET', `/repos/octocat/busy/issues/${number}`)).body;
    expect(names).to.include(issue.title);
    expect(issue.state).to.equal(names.indexOf(issue.title) % 2 === 0 ? 'closed' : 'open');
    const repository = (await api(server, octocat, 'GET', '/repos/octocat/busy')).body;
    expect(repository.open_issues_count).to.equal(issue.state === 'open' ? 1 : 0);
  });
});
