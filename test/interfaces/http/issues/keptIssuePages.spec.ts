import { expect } from 'chai';
import { expectLatestArrayOf } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// A page of issues is encoded and serialized once and served again while its documents are
// the same (issues.encoders.ts keptIssueJson, jsonPayload.ts): every change an issue shows
// must still reach the page, and its ETag must follow.
describe('HTTP issues: a page served again shows every change since (kept encodings)', () => {
  let server: TestServer;
  let owner: string;
  type Issue = {
    number: number;
    title: string;
    comments: number;
    labels: { name: string }[];
    milestone: { title: string } | null;
    assignees: { login: string }[];
    user: { login: string; url: string };
    url: string;
  };

  const page = async (authorization: string | null, etag?: string) => {
    const response = await fetch(`${server.url}/repos/keeper/kept/issues?per_page=100&sort=created&direction=asc`, {
      headers: { ...(authorization ? { authorization } : {}), ...(etag ? { 'if-none-match': etag } : {}) },
    });
    const text = await response.text();
    return { status: response.status, etag: response.headers.get('etag') ?? '', issues: (text === '' ? [] : JSON.parse(text)) as Issue[], text };
  };

  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'keeper');
    await createUser(server, 'helper');
    await createRepository(server, owner, { name: 'kept' });
    await addCollaborator(server, owner, 'keeper/kept', 'helper', 'push');
    for (let number = 1; number <= 12; number++) {
      const created = await api(server, owner, 'POST', '/repos/keeper/kept/issues', { title: `Issue ${number}`, body: 'x'.repeat(2_000), labels: ['bug'] });
      expect(created.status).to.equal(201);
    }
    expect((await api(server, owner, 'POST', '/repos/keeper/kept/milestones', { title: 'v1' })).status).to.equal(201);
  });
  after(async () => server.close());

  it('answers the same bytes and ETag twice, 304 on a match, and a new page after each change', async () => {
    const first = await page(null);
    expect(first.status).to.equal(200);
    expectLatestArrayOf('issue', first.issues);
    expect(first.issues).to.have.length(12);
    const again = await page(null);
    expect(again.text).to.equal(first.text);
    expect(again.etag).to.equal(first.etag);
    expect((await page(null, first.etag)).status).to.equal(304);

    expect((await api(server, owner, 'PATCH', '/repos/keeper/kept/labels/bug', { new_name: 'defect' })).status).to.equal(200);
    expect((await api(server, owner, 'PATCH', '/repos/keeper/kept/issues/3', { milestone: 1, assignees: ['helper'] })).status).to.equal(200);
    expect((await api(server, owner, 'POST', '/repos/keeper/kept/issues/4/comments', { body: 'a comment' })).status).to.equal(201);
    const changed = await page(null, first.etag);
    expect(changed.status).to.equal(200);
    expect(changed.etag).to.not.equal(first.etag);
    expect(changed.issues.map((issue) => issue.labels.map((label) => label.name))).to.deep.equal(Array.from({ length: 12 }, () => ['defect']));
    expect(changed.issues[2]!.milestone?.title).to.equal('v1');
    expect(changed.issues[2]!.assignees.map((user) => user.login)).to.deep.equal(['helper']);
    expect(changed.issues[3]!.comments).to.equal(1);

    expect((await api(server, owner, 'PATCH', '/repos/keeper/kept/milestones/1', { title: 'v1.0' })).status).to.equal(200);
    expect((await page(null)).issues[2]!.milestone?.title).to.equal('v1.0');
    expect((await api(server, owner, 'DELETE', '/repos/keeper/kept/labels/defect')).status).to.equal(204);
    expect((await page(null)).issues.every((issue) => issue.labels.length === 0)).to.equal(true);
  });

  it('answers a page number beyond a double with an empty page, and search with its 1,000-result 422', async () => {
    const beyond = await fetch(`${server.url}/repos/keeper/kept/issues?page=99999999999999999999999`);
    expect(beyond.status).to.equal(200);
    expect(await beyond.json()).to.deep.equal([]);
    expect(beyond.headers.get('link')).to.contain('rel="first"');
    const search = await api(server, owner, 'GET', '/search/issues?q=repo:keeper/kept&page=99999999999999999999999');
    expect(search.status).to.equal(422);
    expect(search.body.message).to.match(/first 1000 search results/);
  });

  it('follows a repository renamed and an author renamed into every URL and login', async () => {
    expect((await api(server, owner, 'PATCH', '/repos/keeper/kept', { name: 'kept-renamed' })).status).to.equal(200);
    const moved = await fetch(`${server.url}/repos/keeper/kept-renamed/issues?per_page=100&sort=created&direction=asc`).then(
      (response) => response.json() as Promise<Issue[]>,
    );
    expect(moved[0]!.url).to.equal(`${server.url}/repos/keeper/kept-renamed/issues/1`);
    expect((await api(server, owner, 'PATCH', '/repos/keeper/kept-renamed', { name: 'kept' })).status).to.equal(200);

    expect((await api(server, server.adminAuthorization, 'PATCH', '/admin/users/keeper', { login: 'keeper2' })).status).to.equal(202);
    const deadline = Date.now() + 10_000;
    let authors: string[] = [];
    while (Date.now() < deadline) {
      const response = await fetch(`${server.url}/repos/keeper2/kept/issues?per_page=100`);
      if (response.status === 200) {
        const issues = (await response.json()) as Issue[];
        authors = [...new Set(issues.map((issue) => issue.user.login))];
        if (authors[0] === 'keeper2') {
          expect(issues[0]!.user.url).to.equal(`${server.url}/users/keeper2`);
          expect(issues[0]!.url).to.match(/\/repos\/keeper2\/kept\/issues\/\d+$/);
          break;
        }
      } else await response.arrayBuffer();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(authors).to.deep.equal(['keeper2']);
  });
});
