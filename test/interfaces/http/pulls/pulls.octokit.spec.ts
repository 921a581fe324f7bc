import { expect } from 'chai';
import type { Octokit } from '@octokit/rest';
import { anonymousOctokit, basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

async function statusOf(request: Promise<unknown>): Promise<number> {
  try {
    await request;
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe('HTTP pulls through @octokit/rest 20.1.0', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: Octokit;
  let hubot: Octokit;
  let headSha: string;
  let repositoryId: number;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    const authorization = await createUser(server, 'octocat');
    await createUser(server, 'hubot');
    octocat = basicOctokit(server, 'octocat', PASSWORD);
    hubot = basicOctokit(server, 'hubot', PASSWORD);
    repositoryId = (await createRepository(server, authorization, { name: 'hello', auto_init: true })).id;
    headSha = await bench.pushBranch(repositoryId, 'feature', { 'feature.txt': 'a\nb\n' });
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it('pulls.create, pulls.get and pulls.list', async () => {
    const created = await octocat.rest.pulls.create({ owner: 'octocat', repo: 'hello', title: 'Feature', head: 'feature', base: 'main', body: 'Body' });
    expect(created.status).to.equal(201);
    expectSchema('pull-request', created.data);
    expect(created.data).to.include({ number: 1, title: 'Feature', additions: 2, deletions: 0, commits: 1, changed_files: 1 });
    const fetched = await anonymousOctokit(server).rest.pulls.get({ owner: 'octocat', repo: 'hello', pull_number: 1 });
    expectSchema('pull-request', fetched.data);
    expect(fetched.data.head.sha).to.equal(headSha);
    expect(fetched.headers.etag).to.be.a('string');
    const listed = await hubot.rest.pulls.list({ owner: 'octocat', repo: 'hello', state: 'all', sort: 'updated', direction: 'desc' });
    expectArrayOf('pull-request-simple', listed.data);
    expect(listed.data.map((pull) => pull.number)).to.deep.equal([1]);
    expect(await statusOf(hubot.rest.pulls.create({ owner: 'octocat', repo: 'hello', title: 'x', head: 'missing', base: 'main' }))).to.equal(422);
  });

  it('pulls.update edits and closes; a stranger gets 403', async () => {
    const updated = await octocat.rest.pulls.update({ owner: 'octocat', repo: 'hello', pull_number: 1, title: 'Feature, edited', state: 'closed' });
    expectSchema('pull-request', updated.data);
    expect(updated.data).to.include({ title: 'Feature, edited', state: 'closed' });
    expect(await statusOf(hubot.rest.pulls.update({ owner: 'octocat', repo: 'hello', pull_number: 1, title: 'mine' }))).to.equal(403);
    const reopened = await octocat.rest.pulls.update({ owner: 'octocat', repo: 'hello', pull_number: 1, state: 'open' });
    expect(reopened.data.state).to.equal('open');
  });

  it('pulls.merge and pulls.checkIfMerged', async () => {
    expect(await statusOf(octocat.rest.pulls.checkIfMerged({ owner: 'octocat', repo: 'hello', pull_number: 1 }))).to.equal(404);
    expect(await statusOf(hubot.rest.pulls.merge({ owner: 'octocat', repo: 'hello', pull_number: 1 }))).to.equal(403);
    const merged = await octocat.rest.pulls.merge({
      owner: 'octocat',
      repo: 'hello',
      pull_number: 1,
      sha: headSha,
      commit_title: 'Land the feature',
      merge_method: 'merge',
    });
    expectSchema('pull-request-merge-result', merged.data);
    expect(merged.data).to.include({ merged: true, message: 'Pull Request successfully merged' });
    expect(await bench.git('--git-dir', bench.bareOf(repositoryId), 'log', '-1', '--format=%s|%P', 'main')).to.match(
      new RegExp(`^Land the feature\\|[0-9a-f]{40} ${headSha}$`),
    );
    const checked = await octocat.rest.pulls.checkIfMerged({ owner: 'octocat', repo: 'hello', pull_number: 1 });
    expect(checked.status).to.equal(204);
    expect(await statusOf(octocat.rest.pulls.merge({ owner: 'octocat', repo: 'hello', pull_number: 1 }))).to.equal(405);
  });
});
