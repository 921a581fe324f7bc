import { expect } from 'chai';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../../../infrastructure/shared/container/runtime.js';
import { dumpCollections } from '../../../support/projectionSpec.js';
import { runCli } from '../../../support/runCli.js';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

async function pullRequestsIn(dataDir: string) {
  const runtime = await openRuntime(loadConfig({ FORGELOG_DATA_DIR: dataDir, FORGELOG_LOG_LEVEL: 'silent' }), {
    role: 'serve',
    logger: pino({ level: 'silent' }),
  });
  await runtime.start();
  const dump = await dumpCollections(runtime.adapters.readModels);
  await runtime.close();
  return dump.pull_requests;
}

// git itself judges the merges: log of a clone, parents, committer, fsck.
describe('HTTP pulls: merge', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  // The merging user shows no email: the merge is committed with their no-reply address.
  let octocatEmail: string;
  let hubot: string;
  let reader: string;
  let repositoryId: number;
  let mergedPullId: number;
  const open = async (authorization: string, head: string, title = `Merge ${head}`, path = '/repos/octocat/hello/pulls') => {
    const created = await api(server, authorization, 'POST', path, { title, head, base: 'main' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return created.body;
  };
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    octocatEmail = `${(await api(server, null, 'GET', '/users/octocat')).body.id}+octocat@users.noreply.forgelog.local`;
    hubot = await createUser(server, 'hubot');
    reader = await createUser(server, 'reader');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    await addCollaborator(server, octocat, 'octocat/hello', 'reader', 'pull');
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it('merges with a two-parent merge commit written by git, committed by the merging user', async () => {
    const headSha = await bench.pushBranch(repositoryId, 'feature', { 'feature.txt': 'feature\n' });
    await bench.pushBranch(repositoryId, 'main', { 'main.txt': 'main moved on\n' });
    const baseSha = await bench.tip(repositoryId, 'main');
    const pull = await open(hubot, 'feature', 'Add feature');
    mergedPullId = pull.id;
    expect((await api(server, reader, 'PUT', '/repos/octocat/hello/pulls/1/merge', {})).status).to.equal(403);
    expect((await api(server, hubot, 'PUT', '/repos/octocat/hello/pulls/1/merge', {})).status).to.equal(403);
    expect((await api(server, null, 'PUT', '/repos/octocat/hello/pulls/1/merge', {})).status).to.equal(401);
    const stale = await api(server, octocat, 'PUT', '/repos/octocat/hello/pulls/1/merge', { sha: baseSha });
    expect(stale.status).to.equal(409);
    expect(stale.body.message).to.equal('Head branch was modified. Review and try the merge again.');
    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls/1/merge')).status).to.equal(404);

    const merged = await api(server, octocat, 'PUT', '/repos/octocat/hello/pulls/1/merge', { sha: headSha, merge_method: 'merge' });
    expect(merged.status, JSON.stringify(merged.body)).to.equal(200);
    expectSchema('pull-request-merge-result', merged.body);
    expect(merged.body).to.include({ merged: true, message: 'Pull Request successfully merged' });
    const mergeSha = merged.body.sha;
    expect(await bench.tip(repositoryId, 'main')).to.equal(mergeSha);

    const clone = join(bench.scratch, 'merged-clone');
    await bench.git('clone', '--quiet', bench.bareOf(repositoryId), clone);
    const log = await bench.git('-C', clone, 'log', '-1', '--format=%H|%P|%an|%ae|%cn|%ce|%B');
    expect(log).to.equal(
      `${mergeSha}|${baseSha} ${headSha}|octocat|${octocatEmail}|octocat|${octocatEmail}|Merge pull request #1 from octocat/feature\n\nAdd feature`,
    );
    expect(await bench.git('-C', clone, 'show', 'HEAD:feature.txt')).to.equal('feature');
    await bench.git('--git-dir', bench.bareOf(repositoryId), 'fsck', '--strict', '--no-dangling');

    expect((await api(server, null, 'GET', '/repos/octocat/hello/pulls/1/merge')).status).to.equal(204);
    const shown = await api(server, null, 'GET', '/repos/octocat/hello/pulls/1');
    expectSchema('pull-request', shown.body);
    expect(shown.body).to.include({ state: 'closed', merged: true, merge_commit_sha: mergeSha, commits: 1, changed_files: 1 });
    expect(shown.body.merged_by.login).to.equal('octocat');
    expect(shown.body.merged_at).to.equal(shown.body.closed_at);
    expect(shown.body.head.sha).to.equal(headSha);
    const again = await api(server, octocat, 'PUT', '/repos/octocat/hello/pulls/1/merge', {});
    expect(again.status).to.equal(405);
    expect(again.body.message).to.equal('Pull Request is not mergeable');
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/hello/pulls/1', { state: 'open' })).status).to.equal(422);
  });

  it('answers 405 when git cannot merge cleanly or the pull request is closed, and leaves main alone', async () => {
    await bench.pushBranch(repositoryId, 'left', { 'clash.txt': 'left\n' });
    await bench.pushBranch(repositoryId, 'right', { 'clash.txt': 'right\n' });
    await open(octocat, 'left');
    const right = await open(octocat, 'right');
    expect((await api(server, octocat, 'PUT', '/repos/octocat/hello/pulls/2/merge', {})).status).to.equal(200);
    const before = await bench.tip(repositoryId, 'main');
    const conflict = await api(server, octocat, 'PUT', `/repos/octocat/hello/pulls/${right.number}/merge`, {});
    expect(conflict.status).to.equal(405);
    expect(conflict.body.message).to.equal('Pull Request is not mergeable');
    expect(await bench.tip(repositoryId, 'main')).to.equal(before);
    await bench.pushBranch(repositoryId, 'closed-one', { 'closed.txt': 'x\n' });
    const closing = await open(octocat, 'closed-one');
    await api(server, octocat, 'PATCH', `/repos/octocat/hello/pulls/${closing.number}`, { state: 'closed' });
    expect((await api(server, octocat, 'PUT', `/repos/octocat/hello/pulls/${closing.number}/merge`, {})).status).to.equal(405);
  });

  it('squashes into one commit with the base as its only parent', async () => {
    await bench.pushBranch(repositoryId, 'squashy', { 'squash.txt': 'squashed\n' });
    const pull = await open(octocat, 'squashy', 'Squash me');
    expect((await api(server, octocat, 'PUT', `/repos/octocat/hello/pulls/${pull.number}/merge`, { merge_method: 'octopus' })).status).to.equal(422);
    const baseSha = await bench.tip(repositoryId, 'main');
    const squashed = await api(server, octocat, 'PUT', `/repos/octocat/hello/pulls/${pull.number}/merge`, {
      merge_method: 'squash',
      commit_message: 'All of it',
    });
    expect(squashed.status).to.equal(200);
    const log = await bench.git('--git-dir', bench.bareOf(repositoryId), 'log', '-1', '--format=%P|%B', squashed.body.sha);
    expect(log).to.equal(`${baseSha}|Squash me (#${pull.number})\n\nAll of it`);
    await bench.git('--git-dir', bench.bareOf(repositoryId), 'fsck', '--strict', '--no-dangling');
  });

  it('rebases: replays each commit onto main with its author and message, committed by the merging user', async () => {
    const first = await bench.pushBranch(repositoryId, 'rebasing', { 'r1.txt': 'one\n' }, 'main', 'First step\n\nWith a body.');
    const second = await bench.pushBranch(repositoryId, 'rebasing', { 'r2.txt': 'two\n' }, 'rebasing', 'Second step');
    await bench.pushBranch(repositoryId, 'main', { 'moved.txt': 'main moved\n' }, 'main', 'Main moves on');
    const baseSha = await bench.tip(repositoryId, 'main');
    const pull = await open(octocat, 'rebasing', 'Rebase me');
    const gitDir = bench.bareOf(repositoryId);
    const originals = await bench.git('--git-dir', gitDir, 'log', '--format=%an|%ae|%ad|%B', '--date=raw', `${first}^..${second}`);

    const rebased = await api(server, octocat, 'PUT', `/repos/octocat/hello/pulls/${pull.number}/merge`, { merge_method: 'rebase' });
    expect(rebased.status, JSON.stringify(rebased.body)).to.equal(200);
    expect(await bench.tip(repositoryId, 'main')).to.equal(rebased.body.sha);
    expect(await bench.git('--git-dir', gitDir, 'log', '--format=%an|%ae|%ad|%B', '--date=raw', `${baseSha}..${rebased.body.sha}`)).to.equal(originals);
    expect(await bench.git('--git-dir', gitDir, 'log', '--format=%cn|%ce', `${baseSha}..${rebased.body.sha}`)).to.equal(
      `octocat|${octocatEmail}\noctocat|${octocatEmail}`,
    );
    expect(await bench.git('--git-dir', gitDir, 'rev-parse', `${rebased.body.sha}~2`)).to.equal(baseSha);
    expect(rebased.body.sha).not.to.equal(second);
    for (const [path, content] of [
      ['r1.txt', 'one'],
      ['r2.txt', 'two'],
      ['moved.txt', 'main moved'],
    ] as const) {
      expect(await bench.git('--git-dir', gitDir, 'show', `main:${path}`)).to.equal(content);
    }
    await bench.git('--git-dir', gitDir, 'fsck', '--strict', '--no-dangling');
    const shown = await api(server, null, 'GET', `/repos/octocat/hello/pulls/${pull.number}`);
    expect(shown.body).to.include({ merged: true, merge_commit_sha: rebased.body.sha });

    // A commit that no longer applies refuses the whole rebase and leaves main alone.
    await bench.pushBranch(repositoryId, 'stale', { 'moved.txt': 'other\n' }, 'main', 'Clashes');
    await bench.pushBranch(repositoryId, 'main', { 'moved.txt': 'main again\n' }, 'main', 'Main moves again');
    const before = await bench.tip(repositoryId, 'main');
    const clashing = await open(octocat, 'stale', 'Clash');
    const refused = await api(server, octocat, 'PUT', `/repos/octocat/hello/pulls/${clashing.number}/merge`, { merge_method: 'rebase' });
    expect(refused.status).to.equal(405);
    expect(refused.body.message).to.equal('Pull Request is not mergeable');
    expect(await bench.tip(repositoryId, 'main')).to.equal(before);
  });

  it('opens and merges a pull request from a fork, fetching its head into refs/pull/<n>/head', async () => {
    const fork = await api(server, hubot, 'POST', '/repos/octocat/hello/forks', {});
    expect(fork.status).to.equal(202);
    const headSha = await bench.pushBranch(fork.body.id, 'from-fork', { 'fork.txt': 'from the fork\n' });
    const pull = await open(hubot, 'hubot:from-fork', 'From my fork');
    expect(pull.head).to.include({ label: 'hubot:from-fork', sha: headSha });
    expect(pull.head.repo.full_name).to.equal('hubot/hello');
    // hubot's first pull request here was merged (the first spec): a CONTRIBUTOR.
    expect(pull).to.include({ commits: 1, changed_files: 1, author_association: 'CONTRIBUTOR' });
    const hidden = `refs/pull/${pull.number}/head`;
    expect(await bench.git('--git-dir', bench.bareOf(repositoryId), 'rev-parse', hidden)).to.equal(headSha);
    const listed = await api(server, null, 'GET', '/repos/octocat/hello/pulls?head=hubot:from-fork');
    expect(listed.body.map((item: any) => item.number)).to.deep.equal([pull.number]);
    const merged = await api(server, octocat, 'PUT', `/repos/octocat/hello/pulls/${pull.number}/merge`, {});
    expect(merged.status, JSON.stringify(merged.body)).to.equal(200);
    expect(await bench.git('--git-dir', bench.bareOf(repositoryId), 'show', 'main:fork.txt')).to.equal('from the fork');
    await bench.git('--git-dir', bench.bareOf(repositoryId), 'fsck', '--strict', '--no-dangling');
  });

  it('forgelog audit stream shows the opening and the merge with actor and time', async () => {
    await server.stop();
    const { code, stdout, stderr } = await runCli(['audit', 'stream', `pull-request-${mergedPullId}`], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code, stderr).to.equal(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).to.match(/^#0 {2}\S+Z {2}PullRequestOpened {2}by hubot \(id \d+\)/);
    // Test merges asked for and done in between (mergeability) are in the same stream.
    const merged = lines.findIndex((line) => / {2}PullRequestMerged {2}/.test(line));
    expect(lines[merged]).to.match(/^#\d+ {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}PullRequestMerged {2}by octocat \(id \d+\) {2}\[ip 127\.0\.0\.1/);
    expect(JSON.parse(lines[merged + 1]!.trim())).to.deep.include({ pullRequestId: mergedPullId, mergeMethod: 'merge' });
    expect(lines.filter((line) => line.startsWith('#')).map((line) => line.split(/ {2}/)[2])).to.satisfy((types: string[]) =>
      types.every((type) => ['PullRequestOpened', 'PullRequestMerged', 'PullRequestMergeabilityRequested', 'PullRequestMergeabilityChecked'].includes(type)),
    );
  });

  it('forgelog rebuild reproduces the pull requests read model exactly', async () => {
    const before = await pullRequestsIn(server.dataDir);
    // Every pull request the specs above opened, a rebased one among them.
    expect(before).to.have.length(8);
    expect(before!.filter((pull) => (pull as { merge_method: string | null }).merge_method === 'rebase')).to.have.length(1);
    const { code, stdout } = await runCli(['rebuild', 'pull-requests'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    expect(stdout).to.contain('rebuilt pull-requests');
    expect(await pullRequestsIn(server.dataDir)).to.deep.equal(before);
  });
});
