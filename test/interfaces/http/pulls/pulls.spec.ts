import { expect } from 'chai';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

describe('HTTP pulls: create, get, list, update', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let hubot: string;
  let repositoryId: number;
  let featureSha: string;
  let mainSha: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    featureSha = await bench.pushBranch(repositoryId, 'feature', { 'feature.txt': 'one\ntwo\nthree\n', 'README.md': '# Hello\n' });
    mainSha = await bench.tip(repositoryId, 'main');
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it('POST /repos/{owner}/{repo}/pulls opens a pull request with git-computed numbers', async () => {
    const created = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', {
      title: 'Add feature',
      head: 'feature',
      base: 'main',
      body: 'Please pull',
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expectSchema('pull-request', created.body);
    expect(created.headers.get('location')).to.equal(`${server.url}/repos/octocat/hello/pulls/1`);
    expect(created.body).to.include({
      number: 1,
      state: 'open',
      title: 'Add feature',
      body: 'Please pull',
      draft: false,
      merged: false,
      mergeable: null,
      mergeable_state: 'unknown',
      author_association: 'OWNER',
    });
    expect(created.body).to.include({
      commits: 1,
      additions: 4,
      deletions: 1,
      changed_files: 2,
      merge_commit_sha: null,
      merged_by: null,
      maintainer_can_modify: true,
    });
    expect(created.body.head).to.include({ label: 'octocat:feature', ref: 'feature', sha: featureSha });
    expect(created.body.base).to.include({ label: 'octocat:main', ref: 'main', sha: mainSha });
    expect(created.body.base.repo.full_name).to.equal('octocat/hello');
    expect(created.body.user.login).to.equal('octocat');
    expect(created.body.url).to.equal(`${server.url}/repos/octocat/hello/pulls/1`);
    // GitHub's hidden ref for every pull request.
    expect(await bench.git('--git-dir', bench.bareOf(repositoryId), 'rev-parse', 'refs/pull/1/head')).to.equal(featureSha);
  });

  it('answers GitHub 422s for unknown branches, no commits and an existing pull request', async () => {
    const unknownHead = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 't', head: 'nope', base: 'main' });
    expect(unknownHead.status).to.equal(422);
    expect(unknownHead.body).to.deep.include({ message: 'Validation Failed', errors: [{ resource: 'PullRequest', field: 'head', code: 'invalid' }] });
    const unknownBase = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 't', head: 'feature', base: 'nope' });
    expect(unknownBase.status).to.equal(422);
    expect(unknownBase.body.errors).to.deep.equal([{ resource: 'PullRequest', field: 'base', code: 'invalid' }]);
    const sameBranch = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 't', head: 'main', base: 'feature' });
    expect(sameBranch.status).to.equal(422);
    expect(sameBranch.body.errors[0]).to.include({ resource: 'PullRequest', code: 'custom', message: 'No commits between feature and main' });
    const duplicate = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 'again', head: 'octocat:feature', base: 'main' });
    expect(duplicate.status).to.equal(422);
    expect(duplicate.body.errors[0]).to.include({ resource: 'PullRequest', code: 'custom', message: 'A pull request already exists for octocat:feature.' });
    const foreignHead = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 't', head: 'hubot:feature', base: 'main' });
    expect(foreignHead.status).to.equal(422);
    expect(foreignHead.body.errors).to.deep.equal([{ resource: 'PullRequest', field: 'head', code: 'invalid' }]);
  });

  it('refuses JSON of the wrong types and a blank title with 422, never a 500', async () => {
    const wrongTypes = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 5, head: ['feature'], base: 'main', draft: 'yes' });
    expect(wrongTypes.status).to.equal(422);
    expect(wrongTypes.body.errors).to.deep.include({ resource: 'PullRequest', field: 'title', code: 'invalid' });
    expect(wrongTypes.body.errors).to.deep.include({ resource: 'PullRequest', field: 'draft', code: 'invalid' });
    const missing = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 'x', base: 'main' });
    expect(missing.body.errors).to.deep.equal([{ resource: 'PullRequest', field: 'head', code: 'missing_field' }]);
    const blank = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: '  ', head: 'feature', base: 'main' });
    expect(blank.status).to.equal(422);
    expect(blank.body.errors).to.deep.equal([{ resource: 'PullRequest', field: 'title', code: 'missing_field' }]);
    const badPatch = await api(server, octocat, 'PATCH', '/repos/octocat/hello/pulls/1', { state: 'merged' });
    expect(badPatch.status).to.equal(422);
    expect(badPatch.body.errors).to.deep.equal([{ resource: 'PullRequest', field: 'state', code: 'invalid' }]);
    const notJson = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', '{"title": ');
    expect(notJson.status).to.equal(400);
  });

  it('GET one pull request and the list, with filters, sorting and Link pagination', async () => {
    await bench.pushBranch(repositoryId, 'second', { 'second.txt': 'x\n' });
    const second = await api(server, hubot, 'POST', '/repos/octocat/hello/pulls', { title: 'Second', head: 'second', base: 'main', draft: true });
    expect(second.status, JSON.stringify(second.body)).to.equal(201);
    // hubot's first pull request on the site, open: GitHub's FIRST_TIMER.
    expect(second.body).to.include({ number: 2, draft: true, author_association: 'FIRST_TIMER' });
    const one = await api(server, null, 'GET', '/repos/octocat/hello/pulls/1');
    expect(one.status).to.equal(200);
    expectSchema('pull-request', one.body);
    expect(one.body).to.include({ number: 1, commits: 1, changed_files: 2 });
    const listed = await api(server, null, 'GET', '/repos/octocat/hello/pulls');
    expectArrayOf('pull-request-simple', listed.body);
    expect(listed.body.map((pull: any) => pull.number)).to.deep.equal([2, 1]);
    expect(listed.headers.get('link')).to.equal(null);
    const ascending = await api(server, null, 'GET', '/repos/octocat/hello/pulls?direction=asc&per_page=1');
    expect(ascending.body.map((pull: any) => pull.number)).to.deep.equal([1]);
    expect(ascending.headers.get('link')).to.contain('rel="next"').and.to.contain('page=2');
    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls?head=octocat:second')).body.map((pull: any) => pull.number)).to.deep.equal([2]);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls?head=nobody:second')).body).to.deep.equal([]);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls?base=other')).body).to.deep.equal([]);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls?state=closed')).body).to.deep.equal([]);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls?state=weird')).status).to.equal(422);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls/99')).status).to.equal(404);
    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls/abc')).status).to.equal(404);
  });

  it('PATCH edits title, body and base for the author; close and reopen by state', async () => {
    await bench.git('--git-dir', bench.bareOf(repositoryId), 'branch', 'develop', 'main');
    const edited = await api(server, hubot, 'PATCH', '/repos/octocat/hello/pulls/2', { title: 'Second, renamed', body: 'now with a body', base: 'develop' });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    expectSchema('pull-request', edited.body);
    expect(edited.body).to.include({ title: 'Second, renamed', body: 'now with a body' });
    expect(edited.body.base.ref).to.equal('develop');
    expect((await api(server, hubot, 'PATCH', '/repos/octocat/hello/pulls/2', { base: 'missing' })).status).to.equal(422);
    const closed = await api(server, hubot, 'PATCH', '/repos/octocat/hello/pulls/2', { state: 'closed' });
    expect(closed.body).to.include({ state: 'closed', merged: false });
    expect(closed.body.closed_at).to.be.a('string');
    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls?state=closed')).body.map((pull: any) => pull.number)).to.deep.equal([2]);
    const reopened = await api(server, octocat, 'PATCH', '/repos/octocat/hello/pulls/2', { state: 'open' });
    expect(reopened.body).to.include({ state: 'open', closed_at: null });
  });

  it('access: anonymous writes 401, others than author or pushers 403, private repositories 404', async () => {
    expect((await api(server, null, 'POST', '/repos/octocat/hello/pulls', { title: 't', head: 'feature', base: 'main' })).status).to.equal(401);
    const stranger = await api(server, hubot, 'PATCH', '/repos/octocat/hello/pulls/1', { title: 'hijacked' });
    expect(stranger.status).to.equal(403);
    expect(stranger.body.message).to.equal('Must have push access to repository.');
    const secretId = (await createRepository(server, octocat, { name: 'secret', private: true, auto_init: true })).id;
    await bench.pushBranch(secretId, 'topic', { 'topic.txt': 'secret\n' });
    expect((await api(server, octocat, 'POST', '/repos/octocat/secret/pulls', { title: 'Topic', head: 'topic', base: 'main' })).status).to.equal(201);
    expect((await api(server, hubot, 'GET', '/repos/octocat/secret/pulls/1')).status).to.equal(404);
    expect((await api(server, hubot, 'GET', '/repos/octocat/secret/pulls')).status).to.equal(404);
    expect((await api(server, null, 'GET', '/repos/octocat/secret/pulls/1')).status).to.equal(404);
    expect((await api(server, hubot, 'POST', '/repos/octocat/secret/pulls', { title: 't', head: 'topic', base: 'main' })).status).to.equal(404);
    await addCollaborator(server, octocat, 'octocat/secret', 'hubot', 'pull');
    const reader = await api(server, hubot, 'GET', '/repos/octocat/secret/pulls/1');
    expect(reader.status).to.equal(200);
    expect(reader.body.author_association).to.equal('OWNER');
    expect((await api(server, hubot, 'PATCH', '/repos/octocat/secret/pulls/1', { state: 'closed' })).status).to.equal(403);
  });

  it('opens exactly one of 12 simultaneous pull requests for the same head and base: the pair is reserved in the log, once', async () => {
    await bench.pushBranch(repositoryId, 'racing', { 'race.txt': 'go\n' });
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, n) => api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: `Race ${n}`, head: 'racing', base: 'main' })),
    );
    const opened = attempts.filter((attempt) => attempt.status === 201);
    const refused = attempts.filter((attempt) => attempt.status === 422);
    expect(opened).to.have.length(1);
    expect(refused).to.have.length(11);
    for (const attempt of refused) expect(attempt.body.errors[0].message).to.equal('A pull request already exists for octocat:racing.');
    const listed = await api(server, null, 'GET', '/repos/octocat/hello/pulls?head=octocat:racing&state=all');
    expect(listed.body.map((pull: { number: number }) => pull.number)).to.deep.equal([opened[0]!.body.number]);
    // No lock in the process holds the rule: the pair's reservation stream does, as names are held.
    const pair = await server.runtime.adapters.eventStore.readStream(`pull-request-pair-${repositoryId}:main..${repositoryId}:racing`);
    expect(pair.map((event) => [event.type, (event.data as { pullRequestId: number }).pullRequestId])).to.deep.equal([
      ['PullRequestPairReserved', opened[0]!.body.id],
    ]);
    // Closing releases it; reopening takes it again; another pull request for the pair is refused meanwhile.
    expect((await api(server, octocat, 'PATCH', `/repos/octocat/hello/pulls/${opened[0]!.body.number}`, { state: 'closed' })).status).to.equal(200);
    const second = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', { title: 'Second', head: 'racing', base: 'main' });
    expect(second.status).to.equal(201);
    const reopened = await api(server, octocat, 'PATCH', `/repos/octocat/hello/pulls/${opened[0]!.body.number}`, { state: 'open' });
    expect(reopened.status).to.equal(422);
    expect(reopened.body.errors[0].message).to.equal('A pull request already exists for octocat:racing.');
    const types = (await server.runtime.adapters.eventStore.readStream(`pull-request-pair-${repositoryId}:main..${repositoryId}:racing`)).map(
      (event) => event.type,
    );
    expect(types).to.deep.equal(['PullRequestPairReserved', 'PullRequestPairReleased', 'PullRequestPairReserved']);
  });

  it("lists a head branch's pull requests by state, base, sort and page (the racing branch's closed first and open second)", async () => {
    const numbers = async (query: string) => {
      const listed = await api(server, null, 'GET', `/repos/octocat/hello/pulls?head=octocat:racing&${query}`);
      expect(listed.status, query).to.equal(200);
      return listed.body.map((pull: { number: number }) => pull.number);
    };
    const all = await numbers('state=all');
    expect(all).to.have.length(2);
    const [second, first] = all as [number, number];
    expect(second).to.be.greaterThan(first);
    expect(await numbers('state=all&direction=asc')).to.deep.equal([first, second]);
    expect(await numbers('state=all&sort=long-running&direction=desc')).to.deep.equal([first, second]);
    expect(await numbers('state=all&sort=long-running')).to.deep.equal([second, first]);
    // The first was closed before the second was opened; by update, oldest first unless asked.
    expect(await numbers('state=all&sort=updated')).to.deep.equal([first, second]);
    expect(await numbers('state=all&sort=updated&direction=desc')).to.deep.equal([second, first]);
    expect(await numbers('state=closed')).to.deep.equal([first]);
    expect(await numbers('')).to.deep.equal([second]);
    expect(await numbers('state=all&base=main')).to.deep.equal([second, first]);
    expect(await numbers('state=all&base=other')).to.deep.equal([]);
    const paged = await api(server, null, 'GET', '/repos/octocat/hello/pulls?head=octocat:racing&state=all&per_page=1&page=2');
    expect(paged.body.map((pull: { number: number }) => pull.number)).to.deep.equal([first]);
    expect(paged.headers.get('link')).to.contain('rel="prev"').and.to.contain('rel="first"').and.not.to.contain('rel="next"');
    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls?head=octocat:racing&state=all&per_page=1')).headers.get('link')).to.contain(
      'page=2>; rel="last"',
    );
  });
});
