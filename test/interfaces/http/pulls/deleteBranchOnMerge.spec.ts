import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Octokit } from '@octokit/rest';
import { basicOctokit } from '../../../support/octokit.js';
import { expectEventsSchema, expectSchema, expectWebhookSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createOrganization } from '../accounts/organizationFixtures.js';
import { cloneUrl, feed, gitAsOctocat, pushOverHttp, types } from '../activity/activityFixtures.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { eventually, WebhookReceiver } from '../webhooks/webhookReceiver.js';

// GitHub's delete_branch_on_merge ("Automatically delete head branches"): kept on the
// repository, and once a pull request is merged its head branch is deleted, when it is in the
// same repository, not the default branch, and no other open pull request has it as head or base.
describe('delete_branch_on_merge: the setting, and the head branch deleted after a merge', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let octocat: string;
  let hubot: string;
  let octokit: Octokit;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', FORGELOG_PROCESS_TICK_MS: '10' });
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    octokit = basicOctokit(server, 'octocat', PASSWORD);
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  // The branches a clone of the repository sees on its origin.
  async function remoteBranches(login: string, fullName: string): Promise<string[]> {
    const scratch = await mkdtemp(join(tmpdir(), 'forgelog-delete-on-merge-'));
    const git = gitAsOctocat(scratch);
    try {
      await git('clone', '--quiet', cloneUrl(server, login, fullName), join(scratch, 'work'));
      const listed = await git('-C', join(scratch, 'work'), 'ls-remote', '--heads', 'origin');
      return listed === '' ? [] : listed.split('\n').map((line) => line.split('\t')[1]!.replace('refs/heads/', ''));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  const branchAt = async (fullName: string, branch: string, from = 'main') => {
    const tip = await api(server, octocat, 'GET', `/repos/${fullName}/git/ref/heads/${from}`);
    const created = await api(server, octocat, 'POST', `/repos/${fullName}/git/refs`, { ref: `refs/heads/${branch}`, sha: tip.body.object.sha });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
  };

  const openPull = async (authorization: string, fullName: string, head: string, base: string) => {
    const opened = await api(server, authorization, 'POST', `/repos/${fullName}/pulls`, { title: `${head} into ${base}`, head, base });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    return opened.body.number as number;
  };

  it('is stored: POST /user/repos and /orgs/{org}/repos take it, PATCH changes it (admins only), the full repository answers it', async () => {
    const plain = await createRepository(server, octocat, { name: 'plain' });
    expect(plain.delete_branch_on_merge).to.equal(false);
    const created = await createRepository(server, octocat, { name: 'tidy-from-start', delete_branch_on_merge: true });
    expect(created.delete_branch_on_merge).to.equal(true);
    expectSchema('full-repository', created);
    expect((await api(server, octocat, 'GET', '/repos/octocat/tidy-from-start')).body.delete_branch_on_merge).to.equal(true);
    const patched = await api(server, octocat, 'PATCH', '/repos/octocat/tidy-from-start', { delete_branch_on_merge: false });
    expect(patched.status).to.equal(200);
    expect(patched.body.delete_branch_on_merge).to.equal(false);
    const updated = await octokit.rest.repos.update({ owner: 'octocat', repo: 'plain', delete_branch_on_merge: true });
    expect(updated.data.delete_branch_on_merge).to.equal(true);
    expect((await octokit.rest.repos.get({ owner: 'octocat', repo: 'plain' })).data.delete_branch_on_merge).to.equal(true);

    await createOrganization(server, 'tidy-org', 'octocat');
    const inOrg = await octokit.rest.repos.createInOrg({ org: 'tidy-org', name: 'lib', delete_branch_on_merge: true });
    expect(inOrg.status).to.equal(201);
    expect(inOrg.data.delete_branch_on_merge).to.equal(true);

    // "Anyone with admin permissions to a repository can enable or disable the automatic deletion of branches."
    await addCollaborator(server, octocat, 'octocat/plain', 'hubot', 'maintain');
    const refused = await api(server, hubot, 'PATCH', '/repos/octocat/plain', { delete_branch_on_merge: false });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.be.a('string');
    expect((await api(server, octocat, 'GET', '/repos/octocat/plain')).body.delete_branch_on_merge).to.equal(true);
  });

  it('on: the merged head branch is deleted (git ls-remote), with a DeleteEvent after the push and a delete webhook', async () => {
    await createRepository(server, octocat, { name: 'tidy', auto_init: true, delete_branch_on_merge: true });
    const hook = await api(server, octocat, 'POST', '/repos/octocat/tidy/hooks', {
      config: { url: receiver.url, content_type: 'json' },
      events: ['delete', 'push', 'pull_request'],
    });
    expect(hook.status).to.equal(201);
    await pushOverHttp(server, 'octocat', 'octocat/tidy', 'feature', { 'a.txt': 'a\n' }, 'Add a');
    expect(await remoteBranches('octocat', 'octocat/tidy')).to.have.members(['main', 'feature']);
    const number = await openPull(octocat, 'octocat/tidy', 'feature', 'main');
    const merged = await api(server, octocat, 'PUT', `/repos/octocat/tidy/pulls/${number}/merge`, {});
    expect(merged.status, JSON.stringify(merged.body)).to.equal(200);
    expect(await remoteBranches('octocat', 'octocat/tidy')).to.deep.equal(['main']);
    expect((await api(server, octocat, 'GET', '/repos/octocat/tidy/git/ref/heads/feature')).status).to.equal(404);

    const { body } = await feed(server, octocat, '/repos/octocat/tidy/events');
    expectEventsSchema(body);
    expect(types(body.slice(0, 3))).to.deep.equal(['DeleteEvent', 'PushEvent', 'PullRequestEvent']);
    expect(body[0].actor.login).to.equal('octocat');
    // GitHub's DeleteEvent payload has no action (ENDPOINTS.md: a mistake of the 2.2.1 description).
    expect(body[0].payload).to.deep.equal({ ref: 'feature', ref_type: 'branch', pusher_type: 'user' });
    // The pull request keeps its head as it was merged.
    const pull = await api(server, octocat, 'GET', `/repos/octocat/tidy/pulls/${number}`);
    expect(pull.body).to.deep.include({ merged: true, state: 'closed' });
    expect(pull.body.head.ref).to.equal('feature');

    const deliveries = await eventually(
      () => receiver.of('delete').map((delivery) => JSON.parse(delivery.body) as Record<string, any>),
      (found) => found.some((payload) => payload.repository.full_name === 'octocat/tidy'),
    );
    const deleted = deliveries.find((payload) => payload.repository.full_name === 'octocat/tidy')!;
    expect(deleted, 'delete webhook').to.not.equal(undefined);
    expectWebhookSchema('delete', deleted);
    expect(deleted).to.deep.include({ ref: 'feature', ref_type: 'branch', pusher_type: 'user' });
    expect(deleted.sender.login).to.equal('octocat');
  });

  it('off (the default): the head branch stays', async () => {
    await createRepository(server, octocat, { name: 'keep', auto_init: true });
    await pushOverHttp(server, 'octocat', 'octocat/keep', 'feature', { 'a.txt': 'a\n' }, 'Add a');
    const number = await openPull(octocat, 'octocat/keep', 'feature', 'main');
    await octokit.rest.pulls.merge({ owner: 'octocat', repo: 'keep', pull_number: number });
    expect(await remoteBranches('octocat', 'octocat/keep')).to.have.members(['main', 'feature']);
  });

  it('on, but another open pull request has the branch as head, or as base: it stays', async () => {
    await createRepository(server, octocat, { name: 'shared', auto_init: true, delete_branch_on_merge: true });
    await branchAt('octocat/shared', 'release');
    await pushOverHttp(server, 'octocat', 'octocat/shared', 'feature', { 'a.txt': 'a\n' }, 'Add a');
    const intoMain = await openPull(octocat, 'octocat/shared', 'feature', 'main');
    await openPull(octocat, 'octocat/shared', 'feature', 'release');
    await octokit.rest.pulls.merge({ owner: 'octocat', repo: 'shared', pull_number: intoMain, merge_method: 'squash' });
    expect(await remoteBranches('octocat', 'octocat/shared')).to.have.members(['main', 'release', 'feature']);

    await createRepository(server, octocat, { name: 'stacked', auto_init: true, delete_branch_on_merge: true });
    await pushOverHttp(server, 'octocat', 'octocat/stacked', 'feature', { 'a.txt': 'a\n' }, 'Add a');
    await branchAt('octocat/stacked', 'feature-2', 'feature');
    await pushOverHttp(server, 'octocat', 'octocat/stacked', 'feature-2', { 'b.txt': 'b\n' }, 'Add b');
    const first = await openPull(octocat, 'octocat/stacked', 'feature', 'main');
    await openPull(octocat, 'octocat/stacked', 'feature-2', 'feature');
    await octokit.rest.pulls.merge({ owner: 'octocat', repo: 'stacked', pull_number: first });
    expect(await remoteBranches('octocat', 'octocat/stacked')).to.have.members(['main', 'feature', 'feature-2']);
  });

  it('on, but the head is the default branch, or a fork’s branch: it stays', async () => {
    await createRepository(server, octocat, { name: 'trunk', auto_init: true, delete_branch_on_merge: true });
    await branchAt('octocat/trunk', 'release');
    await pushOverHttp(server, 'octocat', 'octocat/trunk', 'main', { 'a.txt': 'a\n' }, 'Add a');
    const fromMain = await openPull(octocat, 'octocat/trunk', 'main', 'release');
    await octokit.rest.pulls.merge({ owner: 'octocat', repo: 'trunk', pull_number: fromMain });
    expect(await remoteBranches('octocat', 'octocat/trunk')).to.have.members(['main', 'release']);

    await createRepository(server, octocat, { name: 'upstream', auto_init: true, delete_branch_on_merge: true });
    const fork = await api(server, hubot, 'POST', '/repos/octocat/upstream/forks', {});
    expect(fork.status).to.equal(202);
    expect((await api(server, hubot, 'PATCH', '/repos/hubot/upstream', { delete_branch_on_merge: true })).body.delete_branch_on_merge).to.equal(true);
    await pushOverHttp(server, 'hubot', 'hubot/upstream', 'from-fork', { 'f.txt': 'f\n' }, 'From the fork');
    const fromFork = await openPull(hubot, 'octocat/upstream', 'hubot:from-fork', 'main');
    await octokit.rest.pulls.merge({ owner: 'octocat', repo: 'upstream', pull_number: fromFork });
    expect(await remoteBranches('hubot', 'hubot/upstream')).to.have.members(['main', 'from-fork']);
  });
});
