import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Octokit } from '@octokit/rest';
import { basicOctokit } from '../../../support/octokit.js';
import { expectEventsSchema, expectWebhookSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { cloneUrl, feed, gitAsOctocat, pushOverHttp, settled, types } from '../activity/activityFixtures.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { eventually, WebhookReceiver } from '../webhooks/webhookReceiver.js';

// GitHub moves the base branch when it merges a pull request and reports the move as a push:
// a PushEvent in the feeds and a `push` webhook, besides the pull request's closed (merged).
describe('merging a pull request: a PushEvent and a push webhook for the base branch', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let octocat: string;
  let octokit: Octokit;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', FORGELOG_PROCESS_TICK_MS: '10' });
    octocat = await createUser(server, 'octocat');
    octokit = basicOctokit(server, 'octocat', PASSWORD);
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  // A repository with a hook, a two-commit branch and a pull request of it; answers main's tip
  // before the merge and the branch's commits.
  async function pullRequestOf(name: string): Promise<{ before: string; first: string; second: string }> {
    await createRepository(server, octocat, { name, auto_init: true });
    const hook = await api(server, octocat, 'POST', `/repos/octocat/${name}/hooks`, {
      config: { url: receiver.url, content_type: 'json' },
      events: ['push', 'pull_request'],
    });
    expect(hook.status).to.equal(201);
    const before = (await api(server, octocat, 'GET', `/repos/octocat/${name}/git/ref/heads/main`)).body.object.sha as string;
    const first = await pushOverHttp(server, 'octocat', `octocat/${name}`, 'feature', { 'a.txt': 'a\n' }, 'First');
    const second = await pushOverHttp(server, 'octocat', `octocat/${name}`, 'feature', { 'b.txt': 'b\n' }, 'Second');
    const opened = await api(server, octocat, 'POST', `/repos/octocat/${name}/pulls`, { title: 'Add a and b', head: 'feature', base: 'main' });
    expect(opened.status).to.equal(201);
    return { before, first, second };
  }

  const events = async (name: string) => {
    const { body } = await feed(server, octocat, `/repos/octocat/${name}/events?per_page=100`);
    expectEventsSchema(body);
    return body as any[];
  };

  // The push webhook of the repository's main branch moving to `after`.
  const pushDelivery = (name: string, after: string) =>
    eventually(
      () => receiver.of('push').map((delivery) => JSON.parse(delivery.body) as Record<string, any>),
      (found) => found.some((payload) => payload.repository.full_name === `octocat/${name}` && payload.after === after),
    ).then((found) => found.find((payload) => payload.repository.full_name === `octocat/${name}` && payload.after === after));

  it('a merge commit (fetch): the PushEvent follows the closed PullRequestEvent, with the pull request’s commits and the merge commit, only the merge commit distinct', async () => {
    const { before, first, second } = await pullRequestOf('merged');
    const merged = await api(server, octocat, 'PUT', '/repos/octocat/merged/pulls/1/merge', {});
    expect(merged.status, JSON.stringify(merged.body)).to.equal(200);
    const sha = merged.body.sha as string;
    const body = await events('merged');
    expect(types(body.slice(0, 2))).to.deep.equal(['PushEvent', 'PullRequestEvent']);
    const [push, closed] = body;
    expect(closed.payload.action).to.equal('closed');
    expect(closed.payload.pull_request.merged).to.equal(true);
    expect(push.actor.login).to.equal('octocat');
    expect(push.payload).to.deep.include({ ref: 'refs/heads/main', before, head: sha, size: 3, distinct_size: 1 });
    expect(push.payload.commits.map((commit: any) => commit.sha)).to.deep.equal([first, second, sha]);
    expect(push.payload.commits.map((commit: any) => commit.distinct)).to.deep.equal([false, false, true]);
    expect(push.payload.commits[0]).to.deep.include({ message: 'First', author: { name: 'Octo Cat', email: 'octocat@example.com' } });
    expect(push.payload.commits[2].message).to.match(/^Merge pull request #1 from octocat\/feature/);
    expect(push.payload.commits[2].url).to.equal(`${server.url}/repos/octocat/merged/commits/${sha}`);

    const webhook = (await pushDelivery('merged', sha))!;
    expect(webhook, 'push webhook').to.not.equal(undefined);
    expectWebhookSchema('push', webhook);
    expect(webhook).to.deep.include({ ref: 'refs/heads/main', before, after: sha, created: false, deleted: false, forced: false });
    expect(webhook.commits.map((commit: any) => commit.id)).to.deep.equal([first, second, sha]);
    expect(webhook.commits.map((commit: any) => commit.distinct)).to.deep.equal([false, false, true]);
    expect(webhook.head_commit).to.include({ id: sha });
    expect(webhook.head_commit.added).to.deep.equal([]);
    expect(webhook.commits[0].added).to.deep.equal(['a.txt']);
    expect(webhook.pusher.name).to.equal('octocat');
    expect(webhook.compare).to.include(`${before.slice(0, 12)}...${sha.slice(0, 12)}`);
    const closedHook = await eventually(
      () => receiver.of('pull_request').map((delivery) => JSON.parse(delivery.body) as Record<string, any>),
      (found) => found.some((payload) => payload.repository.full_name === 'octocat/merged' && payload.action === 'closed'),
    );
    expect(closedHook.find((payload) => payload.action === 'closed')!.pull_request.merged).to.equal(true);
  });

  it('a squash (@octokit/rest): one commit pushed, new to the repository', async () => {
    const { before } = await pullRequestOf('squashed');
    const merged = await octokit.rest.pulls.merge({ owner: 'octocat', repo: 'squashed', pull_number: 1, merge_method: 'squash' });
    await settled(server);
    const { data } = await octokit.rest.activity.listRepoEvents({ owner: 'octocat', repo: 'squashed' });
    expect(data.slice(0, 2).map((event) => event.type)).to.deep.equal(['PushEvent', 'PullRequestEvent']);
    const payload = data[0]!.payload as any;
    expect(payload).to.deep.include({ ref: 'refs/heads/main', before, head: merged.data.sha, size: 1, distinct_size: 1 });
    expect(payload.commits).to.have.length(1);
    expect(payload.commits[0]).to.deep.include({ sha: merged.data.sha, distinct: true, message: 'Add a and b (#1)' });
    const webhook = (await pushDelivery('squashed', merged.data.sha))!;
    expectWebhookSchema('push', webhook);
    expect(webhook).to.deep.include({ before, after: merged.data.sha, forced: false });
    expect(webhook.head_commit).to.deep.include({ id: merged.data.sha, added: ['a.txt', 'b.txt'] });
  });

  it('a rebase (@octokit/rest): the rewritten commits, every one new', async () => {
    const { before, first, second } = await pullRequestOf('rebased');
    const merged = await octokit.rest.pulls.merge({ owner: 'octocat', repo: 'rebased', pull_number: 1, merge_method: 'rebase' });
    await settled(server);
    const { data } = await octokit.rest.activity.listRepoEvents({ owner: 'octocat', repo: 'rebased' });
    expect(data.slice(0, 2).map((event) => event.type)).to.deep.equal(['PushEvent', 'PullRequestEvent']);
    const payload = data[0]!.payload as any;
    expect(payload).to.deep.include({ ref: 'refs/heads/main', before, head: merged.data.sha, size: 2, distinct_size: 2 });
    expect(payload.commits.map((commit: any) => commit.message)).to.deep.equal(['First', 'Second']);
    expect(payload.commits[1].sha).to.equal(merged.data.sha);
    expect(payload.commits.map((commit: any) => commit.sha)).to.not.include.members([first, second]);
    expect(payload.commits.every((commit: any) => commit.distinct === true)).to.equal(true);
    const webhook = (await pushDelivery('rebased', merged.data.sha))!;
    expectWebhookSchema('push', webhook);
    expect(webhook.commits.map((commit: any) => commit.id)).to.deep.equal(payload.commits.map((commit: any) => commit.sha));
  });

  it('an open pull request whose head is the merged base branch is synchronized, in the feed and through a pull_request webhook', async () => {
    const { before } = await pullRequestOf('chained');
    const main = (await api(server, octocat, 'GET', '/repos/octocat/chained/git/ref/heads/main')).body.object.sha as string;
    expect((await api(server, octocat, 'POST', '/repos/octocat/chained/git/refs', { ref: 'refs/heads/release', sha: main })).status).to.equal(201);
    await pushOverHttp(server, 'octocat', 'octocat/chained', 'main', { 'm.txt': 'm\n' }, 'On main');
    const onMain = (await api(server, octocat, 'GET', '/repos/octocat/chained/git/ref/heads/main')).body.object.sha as string;
    expect(onMain).to.not.equal(before);
    const release = await api(server, octocat, 'POST', '/repos/octocat/chained/pulls', { title: 'Release', head: 'main', base: 'release' });
    expect(release.status).to.equal(201);
    const merged = await api(server, octocat, 'PUT', '/repos/octocat/chained/pulls/1/merge', {});
    expect(merged.status, JSON.stringify(merged.body)).to.equal(200);
    const body = await events('chained');
    expect(types(body.slice(0, 3))).to.deep.equal(['PullRequestEvent', 'PushEvent', 'PullRequestEvent']);
    const [synchronize, push, closed] = body;
    expect(closed.payload).to.include({ action: 'closed', number: 1 });
    expect(push.payload).to.deep.include({ before: onMain, head: merged.body.sha });
    expect(synchronize.payload).to.deep.include({ action: 'synchronize', number: 2, before: onMain, after: merged.body.sha });
    expect(synchronize.payload.pull_request.head.sha).to.equal(merged.body.sha);
    const hooks = await eventually(
      () => receiver.of('pull_request').map((delivery) => JSON.parse(delivery.body) as Record<string, any>),
      (found) => found.some((payload) => payload.repository.full_name === 'octocat/chained' && payload.action === 'synchronize' && payload.number === 2),
    );
    const synchronized = hooks.find(
      (payload) => payload.repository.full_name === 'octocat/chained' && payload.action === 'synchronize' && payload.number === 2,
    )!;
    expect(synchronized).to.deep.include({ before: onMain, after: merged.body.sha });
  });

  it('a pull request of more than twenty commits: size counts them all, commits and the webhook show the newest twenty', async () => {
    await createRepository(server, octocat, { name: 'long', auto_init: true });
    const hook = await api(server, octocat, 'POST', '/repos/octocat/long/hooks', { config: { url: receiver.url, content_type: 'json' }, events: ['push'] });
    expect(hook.status).to.equal(201);
    const scratch = await mkdtemp(join(tmpdir(), 'forgelog-merge-push-'));
    const git = gitAsOctocat(scratch);
    const work = join(scratch, 'work');
    try {
      await git('clone', '--quiet', cloneUrl(server, 'octocat', 'octocat/long'), work);
      for (let n = 1; n <= 21; n++) {
        await writeFile(join(work, 'counter.txt'), `${n}\n`);
        await git('-C', work, 'add', 'counter.txt');
        await git('-C', work, 'commit', '--quiet', '-m', `Commit ${n}`);
      }
      await git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/long');
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    expect((await api(server, octocat, 'POST', '/repos/octocat/long/pulls', { title: 'Long', head: 'long', base: 'main' })).status).to.equal(201);
    const merged = await api(server, octocat, 'PUT', '/repos/octocat/long/pulls/1/merge', {});
    expect(merged.status).to.equal(200);
    const [push] = await events('long');
    expect(push.type).to.equal('PushEvent');
    expect(push.payload).to.deep.include({ size: 22, distinct_size: 1, head: merged.body.sha });
    expect(push.payload.commits).to.have.length(20);
    expect(push.payload.commits[0].message).to.equal('Commit 3');
    expect(push.payload.commits[19].sha).to.equal(merged.body.sha);
    const webhook = (await pushDelivery('long', merged.body.sha))!;
    expect(webhook.commits).to.have.length(20);
    expect(webhook.head_commit.id).to.equal(merged.body.sha);
  });
});
