import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { basicOctokit } from '../../../support/octokit.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { expectSearchBody, expectTextMatchesConsistent, names, search, TEXT_MATCH } from './searchFixtures.js';

describe('GET /search/repositories', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;

  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    await createRepository(server, alice, { name: 'rocket-engine', description: 'A liquid fuel rocket engine' });
    await createRepository(server, alice, { name: 'garden', description: 'Plants and a small rocket' });
    await createRepository(server, bob, { name: 'secret-rocket', description: 'hidden rocket plans', private: true });
    await createRepository(server, bob, { name: 'toolbox', description: 'Tools' });
    for (const login of ['alice', 'bob']) {
      const starred = await api(server, login === 'alice' ? alice : bob, 'PUT', '/user/starred/alice/rocket-engine');
      expect(starred.status).to.equal(204);
    }
    const topics = await api(server, alice, 'PUT', '/repos/alice/garden/topics', { names: ['plants', 'outdoor'] });
    expect(topics.status, JSON.stringify(topics.body)).to.equal(200);
  });

  after(() => server.close());

  it("finds public repositories by keyword in name and description, with GitHub's item shape", async () => {
    const found = await search(server, null, '/search/repositories?q=rocket');
    expect(found.status, JSON.stringify(found.body)).to.equal(200);
    expectSearchBody('repo-search-result-item', found.body);
    expect(names(found.body).sort()).to.deep.equal(['alice/garden', 'alice/rocket-engine']);
    expect(found.body.total_count).to.equal(2);
    expect(found.body.incomplete_results).to.equal(false);
  });

  it('finds nothing for keywords without a word in them (a symbol, punctuation), alone or beside OR', async () => {
    for (const q of ['%E2%98%83', '!', '%22!!%22', '%E2%98%83+user:alice']) {
      const found = await search(server, null, `/search/repositories?q=${q}`);
      expect(found.status, q).to.equal(200);
      expect(found.body, q).to.deep.include({ total_count: 0, incomplete_results: false, items: [] });
    }
    const either = await search(server, null, '/search/repositories?q=rocket+OR+%E2%98%83');
    expect(names(either.body).sort()).to.deep.equal(['alice/garden', 'alice/rocket-engine']);
    expect(either.body.total_count).to.equal(2);
    // Qualifiers alone still list what they select.
    expect(names((await search(server, null, '/search/repositories?q=user:bob')).body)).to.deep.equal(['bob/toolbox']);
  });

  it('shows a private repository to its owner only', async () => {
    expect(names((await search(server, bob, '/search/repositories?q=rocket')).body)).to.include('bob/secret-rocket');
    expect(names((await search(server, alice, '/search/repositories?q=rocket')).body)).not.to.include('bob/secret-rocket');
  });

  it('sorts by stars and restricts with qualifiers', async () => {
    const sorted = await search(server, null, '/search/repositories?q=user:alice&sort=stars&order=desc');
    expect(names(sorted.body)).to.deep.equal(['alice/rocket-engine', 'alice/garden']);
    expect(sorted.body.items[0].stargazers_count).to.equal(2);
    const starred = await search(server, null, '/search/repositories?q=stars:>=1');
    expect(names(starred.body)).to.deep.equal(['alice/rocket-engine']);
    const topic = await search(server, null, '/search/repositories?q=topic:plants');
    expect(names(topic.body)).to.deep.equal(['alice/garden']);
    const inName = await search(server, null, '/search/repositories?q=rocket+in:name');
    expect(names(inName.body)).to.deep.equal(['alice/rocket-engine']);
  });

  it('answers text matches whose fragments slice to their texts', async () => {
    const found = await search(server, null, '/search/repositories?q=rocket', TEXT_MATCH);
    expect(expectTextMatchesConsistent(found.body.items)).to.be.greaterThan(1);
  });

  it('refuses a hidden repo: qualifier, and pages beyond the first thousand', async () => {
    const hidden = await search(server, alice, '/search/repositories?q=repo:bob/secret-rocket');
    expect(hidden.status).to.equal(422);
    expect(hidden.body.errors[0].message).to.match(/cannot be searched/);
    const beyond = await search(server, null, '/search/repositories?q=rocket&per_page=100&page=11');
    expect(beyond.status).to.equal(422);
    expect(beyond.body.message).to.equal('Only the first 1000 search results are available');
  });

  it('answers @octokit/rest search.repos, paging with its Link headers', async () => {
    await search(server, null, '/search/repositories?q=x');
    const octokit = basicOctokit(server, 'bob', PASSWORD);
    const first = await octokit.search.repos({ q: 'rocket', sort: 'stars', order: 'desc', per_page: 1 });
    expect(first.data.total_count).to.equal(3);
    expect(first.data.items.map((item) => item.full_name)).to.deep.equal(['alice/rocket-engine']);
    const all = await octokit.paginate(octokit.search.repos, { q: 'rocket', per_page: 1 });
    expect(all.map((item) => item.full_name).sort()).to.deep.equal(['alice/garden', 'alice/rocket-engine', 'bob/secret-rocket']);
  });

  it('sorts by help-wanted-issues, kept as issues are labelled, relabelled and closed', async () => {
    const open = async (repository: string, labels: string[]) => {
      const issue = await api(server, alice, 'POST', `/repos/alice/${repository}/issues`, { title: 'Wanted', labels });
      expect(issue.status, JSON.stringify(issue.body)).to.equal(201);
      return issue.body.number as number;
    };
    const order = async () => names((await search(server, null, '/search/repositories?q=user:alice&sort=help-wanted-issues&order=desc')).body);
    const garden = [await open('garden', ['help wanted']), await open('garden', ['help wanted'])];
    const engine = await open('rocket-engine', ['help wanted', 'bug']);
    expect(await order()).to.deep.equal(['alice/garden', 'alice/rocket-engine']);
    for (const number of garden)
      expect((await api(server, alice, 'PUT', `/repos/alice/garden/issues/${number}/labels`, { labels: ['bug'] })).status).to.equal(200);
    expect(await order()).to.deep.equal(['alice/rocket-engine', 'alice/garden']);
    expect((await api(server, alice, 'PATCH', `/repos/alice/rocket-engine/issues/${engine}`, { state: 'closed' })).status).to.equal(200);
    expect((await api(server, alice, 'POST', `/repos/alice/garden/issues/${garden[0]}/labels`, { labels: ['help wanted'] })).status).to.equal(200);
    expect(await order()).to.deep.equal(['alice/garden', 'alice/rocket-engine']);
    const ascending = await search(server, null, '/search/repositories?q=user:alice&sort=help-wanted-issues&order=asc');
    expect(names(ascending.body)).to.deep.equal(['alice/rocket-engine', 'alice/garden']);
    // The same count as GitHub's help-wanted-issues: qualifier (garden one, rocket-engine none).
    const atLeastOne = await search(server, null, '/search/repositories?q=user:alice+help-wanted-issues:>=1');
    expect(names(atLeastOne.body)).to.deep.equal(['alice/garden']);
    const none = await search(server, null, '/search/repositories?q=user:alice+help-wanted-issues:0');
    expect(names(none.body)).to.deep.equal(['alice/rocket-engine']);
    expect((await search(server, null, '/search/repositories?q=help-wanted-issues:many')).status).to.equal(422);
  });

  it('drops a repository from anonymous search as soon as it turns private', async () => {
    const made = await api(server, alice, 'PATCH', '/repos/alice/garden', { private: true });
    expect(made.status).to.equal(200);
    const found = await fetch(`${server.url}/search/repositories?q=rocket`).then((r) => r.json());
    expect(found.items.map((item: any) => item.full_name)).to.deep.equal(['alice/rocket-engine']);
    expect(found.total_count).to.equal(1);
  });
});
