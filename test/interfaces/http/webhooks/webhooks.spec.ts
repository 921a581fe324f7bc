import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import { Webhooks } from '@octokit/webhooks';
import { expect } from 'chai';
import { filesUnder } from '../../../support/files.js';
import { basicOctokit } from '../../../support/octokit.js';
import { expectWebhookSchema } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { eventually, WebhookReceiver, type ReceivedDelivery } from './webhookReceiver.js';

const SECRET = 'hook secret never shown';

describe('webhooks: repository and organization hooks, signed deliveries from the log', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const clock = new ManualClock(new Date('2026-06-01T10:00:00Z'));
  let owner: string;
  let hookId: number;

  // @octokit/webhooks' own check, as a receiver written with it makes.
  const webhooks = new Webhooks({ secret: SECRET });
  const signed = async (delivery: ReceivedDelivery) => webhooks.verify(delivery.body, String(delivery.headers['x-hub-signature-256']));

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', FORGELOG_PROCESS_TICK_MS: '10' }, undefined, { clock });
    owner = await createUser(server, 'hooker');
    await createUser(server, 'helper');
    await createRepository(server, owner, { name: 'app' });
    await addCollaborator(server, owner, 'hooker/app', 'helper', 'push');
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  it('creates a hook (201, Location, the secret never shown) and pings it, signed', async () => {
    const created = await api(server, owner, 'POST', '/repos/hooker/app/hooks', {
      name: 'web',
      config: { url: receiver.url, content_type: 'json', secret: SECRET },
      events: ['issues', 'issue_comment', 'push'],
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    hookId = created.body.id;
    expect(created.headers.get('location')).to.equal(`${server.url}/repos/hooker/app/hooks/${hookId}`);
    expect(created.body).to.deep.include({ type: 'Repository', name: 'web', active: true, events: ['issues', 'issue_comment', 'push'] });
    expect(created.body.config).to.deep.equal({ content_type: 'json', insecure_ssl: '0', url: receiver.url, secret: '********' });
    expect(created.body.last_response).to.deep.equal({ code: null, status: 'unused', message: null });
    for (const key of ['url', 'test_url', 'ping_url', 'deliveries_url', 'created_at', 'updated_at']) expect(created.body).to.have.property(key);
    const [ping] = await eventually(
      () => receiver.of('ping'),
      (pings) => pings.length === 1,
    );
    expect(ping, 'a ping arrived').to.not.equal(undefined);
    expect(ping!.headers).to.include({
      'x-github-hook-id': String(hookId),
      'content-type': 'application/json',
      'x-github-hook-installation-target-type': 'repository',
    });
    expect(ping!.headers['user-agent']).to.match(/^GitHub-Hookshot\//);
    expect(ping!.headers['x-github-delivery']).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await signed(ping!)).to.equal(true);
    const body = JSON.parse(ping!.body);
    expectWebhookSchema('ping', body);
    expect(body).to.include({ hook_id: hookId });
    expect(body.zen).to.be.a('string');
    expect(body.hook.config).to.not.have.property('secret', SECRET);
    expect(body.repository.full_name).to.equal('hooker/app');
    expect(JSON.stringify(await api(server, owner, 'GET', `/repos/hooker/app/hooks/${hookId}`))).to.not.contain(SECRET);
  });

  it('delivers issues and issue_comment events for actions through the API, with GitHub’s headers and payloads', async () => {
    const issue = await api(server, owner, 'POST', '/repos/hooker/app/issues', { title: 'Hooked' });
    expect(issue.status).to.equal(201);
    expect((await api(server, owner, 'POST', `/repos/hooker/app/issues/${issue.body.number}/comments`, { body: 'noted' })).status).to.equal(201);
    const issues = await eventually(
      () => receiver.of('issues'),
      (found) => found.length === 1,
    );
    const comments = await eventually(
      () => receiver.of('issue_comment'),
      (found) => found.length === 1,
    );
    expect(issues).to.have.length(1);
    expect(comments).to.have.length(1);
    const opened = JSON.parse(issues[0]!.body);
    expectWebhookSchema('issues-opened', opened);
    expect(opened).to.deep.include({ action: 'opened' });
    expect(opened.issue).to.include({ number: issue.body.number, title: 'Hooked' });
    expect(opened.repository.full_name).to.equal('hooker/app');
    expect(opened.sender.login).to.equal('hooker');
    const commented = JSON.parse(comments[0]!.body);
    expectWebhookSchema('issue-comment-created', commented);
    expect(commented.action).to.equal('created');
    expect(commented.comment.body).to.equal('noted');
    expect(await signed(issues[0]!)).to.equal(true);
    expect(await signed(comments[0]!)).to.equal(true);
    expect(String(issues[0]!.headers['x-hub-signature'])).to.match(/^sha1=[0-9a-f]{40}$/);
  });

  it('lists deliveries newest first, shows one with its request and response, and redelivers it with the same GUID', async () => {
    const list = await eventually(
      () => api(server, owner, 'GET', `/repos/hooker/app/hooks/${hookId}/deliveries`),
      (answer) => answer.body.length >= 3,
    );
    expect(list.body.map((delivery: { event: string }) => delivery.event)).to.deep.equal(['issue_comment', 'issues', 'ping']);
    const ids = list.body.map((delivery: { id: number }) => delivery.id);
    expect([...ids].sort((a: number, b: number) => b - a)).to.deep.equal(ids);
    expect(list.body[1]).to.deep.include({ status: 'OK', status_code: 200, redelivery: false, action: 'opened', installation_id: null });
    const one = await api(server, owner, 'GET', `/repos/hooker/app/hooks/${hookId}/deliveries/${list.body[1].id}`);
    expect(one.body.request.headers['X-GitHub-Event']).to.equal('issues');
    expect(one.body.request.payload.issue.title).to.equal('Hooked');
    expect(one.body.response.payload).to.equal('thanks');
    const hook = await api(server, owner, 'GET', `/repos/hooker/app/hooks/${hookId}`);
    expect(hook.body.last_response).to.deep.equal({ code: 200, status: 'active', message: 'OK' });

    const again = await api(server, owner, 'POST', `/repos/hooker/app/hooks/${hookId}/deliveries/${list.body[1].id}/attempts`);
    expect(again.status).to.equal(202);
    const redelivered = await eventually(
      () => receiver.of('issues'),
      (found) => found.length === 2,
    );
    expect(redelivered[1]!.headers['x-github-delivery']).to.equal(redelivered[0]!.headers['x-github-delivery']);
    const after = await eventually(
      () => api(server, owner, 'GET', `/repos/hooker/app/hooks/${hookId}/deliveries`),
      (answer) => answer.body.length === 4,
    );
    expect(after.body[0]).to.deep.include({ event: 'issues', redelivery: true, guid: list.body[1].guid });
    expect((await api(server, owner, 'GET', `/repos/hooker/app/hooks/${hookId}/deliveries/999999`)).status).to.equal(404);
  });

  it('retries a receiver that fails: 500 twice, then 200 — three attempts, one delivered', async () => {
    receiver.answerNext(500, 500);
    const before = receiver.of('issues').length;
    expect((await api(server, owner, 'POST', '/repos/hooker/app/issues', { title: 'Retried' })).status).to.equal(201);
    // The backoff runs on the injected clock: moved on until the third attempt has come.
    const attempts = await eventually(
      () => {
        clock.advance(5_000);
        return receiver.of('issues').slice(before);
      },
      (found) => found.length >= 3,
    );
    expect(attempts.map((delivery) => JSON.parse(delivery.body).issue.title)).to.deep.equal(['Retried', 'Retried', 'Retried']);
    expect(new Set(attempts.map((delivery) => delivery.headers['x-github-delivery'])).size).to.equal(1);
    const list = await eventually(
      () => api(server, owner, 'GET', `/repos/hooker/app/hooks/${hookId}/deliveries?per_page=3`),
      (answer) => answer.body[0]?.status_code === 200,
    );
    expect(list.body.map((delivery: { status_code: number }) => delivery.status_code)).to.deep.equal([200, 500, 500]);
    expect(list.body[1].status).to.equal('Invalid HTTP Response: 500');
    expect(list.headers.get('link')).to.match(/cursor=\d+/);
  });

  it('keeps one hook’s deliveries in log order: a later event waits while an earlier one is retried', async () => {
    receiver.answerNext(503);
    const before = receiver.of('issues').length;
    expect((await api(server, owner, 'POST', '/repos/hooker/app/issues', { title: 'First' })).status).to.equal(201);
    // The first attempt has failed before the second event exists.
    await eventually(
      () => receiver.of('issues').length - before,
      (count) => count >= 1,
    );
    expect((await api(server, owner, 'POST', '/repos/hooker/app/issues', { title: 'Second' })).status).to.equal(201);
    const arrived = await eventually(
      () => {
        clock.advance(5_000);
        return receiver
          .of('issues')
          .slice(before)
          .map((delivery) => JSON.parse(delivery.body).issue.title as string);
      },
      (titles) => titles.length >= 3,
    );
    expect(arrived).to.deep.equal(['First', 'First', 'Second']);
  });

  it('changes events, config and activity; deletes; refuses bad input with 422', async () => {
    const patched = await api(server, owner, 'PATCH', `/repos/hooker/app/hooks/${hookId}`, { add_events: ['watch'], remove_events: ['push'], active: true });
    expect(patched.body.events).to.deep.equal(['issues', 'issue_comment', 'watch']);
    const config = await api(server, owner, 'PATCH', `/repos/hooker/app/hooks/${hookId}/config`, { content_type: 'form' });
    expect(config.body).to.deep.equal({ content_type: 'form', insecure_ssl: '0', url: receiver.url, secret: '********' });
    expect((await api(server, owner, 'GET', `/repos/hooker/app/hooks/${hookId}/config`)).body).to.deep.equal(config.body);
    const bad = await api(server, owner, 'POST', '/repos/hooker/app/hooks', { config: { url: 'ftp://example.com' } });
    expect(bad.status).to.equal(422);
    expect(bad.body.errors[0]).to.include({ resource: 'Hook', field: 'url' });
    expect(
      (await api(server, owner, 'POST', '/repos/hooker/app/hooks', { config: { url: `${receiver.url}/nonsense` }, events: ['nonsense'] })).status,
    ).to.equal(422);
    expect((await api(server, owner, 'POST', '/repos/hooker/app/hooks', { name: 'email', config: { url: `${receiver.url}/email` } })).status).to.equal(422);
    expect((await api(server, owner, 'POST', '/repos/hooker/app/hooks', { config: {} })).status).to.equal(422);
    expect((await api(server, owner, 'POST', '/repos/hooker/app/hooks', '{"config":')).status).to.equal(400);
    const spare = await api(server, owner, 'POST', '/repos/hooker/app/hooks', { config: { url: `${receiver.url}/spare` } });
    expect((await api(server, owner, 'DELETE', `/repos/hooker/app/hooks/${spare.body.id}`)).status).to.equal(204);
    expect((await api(server, owner, 'GET', `/repos/hooker/app/hooks/${spare.body.id}`)).status).to.equal(404);
  });

  it('is for repository admins and organization owners only', async () => {
    const helper = `Basic ${Buffer.from(`helper:${PASSWORD}`).toString('base64')}`;
    expect((await api(server, helper, 'GET', '/repos/hooker/app/hooks')).status).to.equal(404);
    expect((await api(server, null, 'GET', '/repos/hooker/app/hooks')).status).to.equal(404);
    expect((await api(server, helper, 'POST', '/repos/hooker/app/hooks', { config: { url: receiver.url } })).status).to.equal(404);
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'hookorg', admin: 'hooker' })).status).to.equal(201);
    expect((await api(server, owner, 'PUT', '/orgs/hookorg/memberships/helper', { role: 'member' })).status).to.equal(200);
    expect((await api(server, helper, 'GET', '/orgs/hookorg/hooks')).status).to.equal(404);
    expect((await api(server, null, 'GET', '/orgs/hookorg/hooks')).status).to.equal(401);
    const orgHook = await api(server, owner, 'POST', '/orgs/hookorg/hooks', {
      name: 'web',
      config: { url: receiver.url, content_type: 'json' },
      events: ['*'],
    });
    expect(orgHook.status, JSON.stringify(orgHook.body)).to.equal(201);
    expect(orgHook.body).to.include({ type: 'Organization' });
    expect(orgHook.body.url).to.equal(`${server.url}/orgs/hookorg/hooks/${orgHook.body.id}`);
    const pings = await eventually(
      () => receiver.of('ping').filter((ping) => ping.headers['x-github-hook-id'] === String(orgHook.body.id)),
      (found) => found.length === 1,
    );
    expect(JSON.parse(pings[0]!.body).organization.login).to.equal('hookorg');
    // An organization repository's events reach the organization's hook.
    await createRepository(server, owner, { name: 'shared' }, '/orgs/hookorg/repos');
    expect((await api(server, owner, 'POST', '/repos/hookorg/shared/issues', { title: 'Org-wide' })).status).to.equal(201);
    const orgIssues = await eventually(
      () => receiver.of('issues').filter((delivery) => delivery.headers['x-github-hook-id'] === String(orgHook.body.id)),
      (found) => found.length === 1,
    );
    expect(JSON.parse(orgIssues[0]!.body).organization.login).to.equal('hookorg');
  });

  it('through @octokit/rest: repos.*Webhook*', async () => {
    const octokit = basicOctokit(server, 'hooker', PASSWORD);
    const { data: created } = await octokit.repos.createWebhook({
      owner: 'hooker',
      repo: 'app',
      config: { url: `${receiver.url}/octokit`, content_type: 'json' },
      events: ['push'],
    });
    const { data: listed } = await octokit.repos.listWebhooks({ owner: 'hooker', repo: 'app' });
    expect(listed.map((hook) => hook.id)).to.include(created.id);
    expect((await octokit.repos.getWebhook({ owner: 'hooker', repo: 'app', hook_id: created.id })).data.events).to.deep.equal(['push']);
    expect((await octokit.repos.updateWebhook({ owner: 'hooker', repo: 'app', hook_id: created.id, active: false })).data.active).to.equal(false);
    expect((await octokit.repos.getWebhookConfigForRepo({ owner: 'hooker', repo: 'app', hook_id: created.id })).data.url).to.equal(`${receiver.url}/octokit`);
    expect((await octokit.repos.pingWebhook({ owner: 'hooker', repo: 'app', hook_id: created.id })).status).to.equal(204);
    expect((await octokit.repos.listWebhookDeliveries({ owner: 'hooker', repo: 'app', hook_id: created.id })).status).to.equal(200);
    expect((await octokit.repos.deleteWebhook({ owner: 'hooker', repo: 'app', hook_id: created.id })).status).to.equal(204);
  });

  it('keeps the secret out of every log and file of the data directory', async () => {
    for (const file of await filesUnder(server.dataDir)) {
      if ((await stat(file)).size > 50_000_000) continue;
      expect((await readFile(file)).includes(SECRET), file).to.equal(false);
    }
  });

  it('keeps three days of deliveries: older attempts go as the hook’s new ones are recorded', async () => {
    const hook = await api(server, owner, 'POST', '/repos/hooker/app/hooks', {
      config: { url: `${receiver.url}/kept`, content_type: 'json' },
      events: ['issues'],
    });
    await api(server, owner, 'POST', '/repos/hooker/app/issues', { title: 'Kept a while' });
    const before = await eventually(
      () => api(server, owner, 'GET', `/repos/hooker/app/hooks/${hook.body.id}/deliveries`),
      (answer) => answer.body.length === 2,
    );
    expect(before.body.map((delivery: { event: string }) => delivery.event)).to.deep.equal(['issues', 'ping']);
    clock.advance(3 * 86_400_000 + 60_000);
    await api(server, owner, 'POST', '/repos/hooker/app/issues', { title: 'Three days later' });
    const after = await eventually(
      () => api(server, owner, 'GET', `/repos/hooker/app/hooks/${hook.body.id}/deliveries`),
      (answer) => answer.body.length === 1,
    );
    expect(after.body).to.have.length(1);
    expect(after.body[0].event).to.equal('issues');
    expect(after.body[0].id).to.be.above(before.body[0].id);
    expect((await api(server, owner, 'GET', `/repos/hooker/app/hooks/${hook.body.id}/deliveries/${before.body[0].id}`)).status).to.equal(404);
    expect((await api(server, owner, 'POST', `/repos/hooker/app/hooks/${hook.body.id}/deliveries/${before.body[0].id}/attempts`)).status).to.equal(404);
  });
});

describe('webhooks: a slow or hostile receiver', () => {
  let server: TestServer;
  let hanging: Server;
  let hangingUrl: string;
  let flooding: Server;
  let floodingUrl: string;
  const held: ServerResponse[] = [];

  before(async () => {
    // One never answers; the other answers with a megabyte.
    hanging = createServer((_req, res) => void held.push(res));
    flooding = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(1024 * 1024));
    });
    await Promise.all([hanging, flooding].map((receiver) => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`;
    floodingUrl = `http://127.0.0.1:${(flooding.address() as AddressInfo).port}/`;
    server = await startTestServer({ FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', FORGELOG_PROCESS_TICK_MS: '10', FORGELOG_WEBHOOK_TIMEOUT_MS: '1500' });
  });
  after(async () => {
    for (const response of held) response.destroy();
    await server.close();
    await Promise.all([hanging, flooding].map((receiver) => new Promise((resolve) => receiver.close(resolve))));
  });

  it('times a silent receiver out, keeps 64 KiB of a flood, and the API answers meanwhile', async () => {
    const owner = await createUser(server, 'patient');
    await createRepository(server, owner, { name: 'calm' });
    const silent = await api(server, owner, 'POST', '/repos/patient/calm/hooks', { config: { url: hangingUrl } });
    const loud = await api(server, owner, 'POST', '/repos/patient/calm/hooks', { config: { url: floodingUrl } });
    // While the silent receiver holds its delivery, the API is not held with it.
    await eventually(
      () => held.length,
      (count) => count >= 1,
    );
    expect((await api(server, owner, 'GET', '/repos/patient/calm')).status).to.equal(200);
    expect(held[0]!.socket?.destroyed, 'the delivery was still held while the API answered').to.equal(false);
    const timedOut = await eventually(
      () => api(server, owner, 'GET', `/repos/patient/calm/hooks/${silent.body.id}/deliveries`),
      (answer) => answer.body.length >= 1,
    );
    expect(timedOut.body[0]).to.deep.include({ event: 'ping', status_code: 0, status: 'Timed out after 1.5 seconds' });
    const flooded = await eventually(
      () => api(server, owner, 'GET', `/repos/patient/calm/hooks/${loud.body.id}/deliveries`),
      (answer) => answer.body.length >= 1,
    );
    const one = await api(server, owner, 'GET', `/repos/patient/calm/hooks/${loud.body.id}/deliveries/${flooded.body[0].id}`);
    expect(one.body.status_code).to.equal(200);
    expect(one.body.response.payload).to.have.length(64 * 1024);
  });
});

describe('webhooks: targets deliveries may not reach', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  it('refuses loopback and a name that resolves to it without the setting, and records why', async () => {
    const owner = await createUser(server, 'guarded');
    await createRepository(server, owner, { name: 'safe' });
    for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
      const created = await api(server, owner, 'POST', '/repos/guarded/safe/hooks', { config: { url } });
      expect(created.status).to.equal(201);
      const deliveries = await eventually(
        () => api(server, owner, 'GET', `/repos/guarded/safe/hooks/${created.body.id}/deliveries`),
        (answer) => answer.body.length >= 1,
      );
      expect(deliveries.body[0]).to.deep.include({ event: 'ping', status_code: 0 });
      expect(deliveries.body[0].status).to.match(/^Refused/);
    }
    expect(receiver.received).to.deep.equal([]);
  });
});
