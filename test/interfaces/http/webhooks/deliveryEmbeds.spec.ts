import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually, WebhookReceiver } from './webhookReceiver.js';

// A delivery embeds what the API would: a public repository's hooks never hear of a private
// repository of another account, which its administrators may not read (the API shows them
// head.repo null and no parent).
describe('webhooks: a public repository’s deliveries embed no private repository of another account', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let alice: string;
  let bob: string;
  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', FORGELOG_PROCESS_TICK_MS: '10' });
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  const hookOn = async (authorization: string, fullName: string) => {
    const hook = await api(server, authorization, 'POST', `/repos/${fullName}/hooks`, { config: { url: receiver.url, content_type: 'json' }, events: ['*'] });
    expect(hook.status, JSON.stringify(hook.body)).to.equal(201);
  };
  const delivered = (event: string, holds: (payload: any) => boolean) =>
    eventually(
      () => receiver.of(event).map((delivery) => JSON.parse(delivery.body)),
      (found) => found.some(holds),
    ).then((found) => found.find(holds));

  it("a pull request from a private fork into a repository made public: no head.repo in the base's deliveries", async () => {
    await createRepository(server, alice, { name: 'lab', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/lab', 'bob', 'pull');
    expect((await api(server, bob, 'POST', '/repos/alice/lab/forks', {})).body.private).to.equal(true);
    const main = await api(server, bob, 'GET', '/repos/bob/lab/git/ref/heads/main');
    expect((await api(server, bob, 'POST', '/repos/bob/lab/git/refs', { ref: 'refs/heads/idea', sha: main.body.object.sha })).status).to.equal(201);
    const file = { message: 'An idea', content: Buffer.from('i\n').toString('base64'), branch: 'idea' };
    expect((await api(server, bob, 'PUT', '/repos/bob/lab/contents/idea.txt', file)).status).to.equal(201);
    expect((await api(server, bob, 'POST', '/repos/alice/lab/pulls', { title: 'From a private fork', head: 'bob:idea', base: 'main' })).status).to.equal(201);
    // Made public, its private fork is detached (GitHub): the pull request keeps its head.
    expect((await api(server, alice, 'PATCH', '/repos/alice/lab', { private: false })).status).to.equal(200);
    await hookOn(alice, 'alice/lab');
    expect((await api(server, bob, 'PATCH', '/repos/alice/lab/pulls/1', { title: 'From a private fork, renamed' })).status).to.equal(200);
    const edited = await delivered('pull_request', (payload) => payload.action === 'edited' && payload.repository.full_name === 'alice/lab');
    expect(edited.pull_request.head.repo).to.equal(null);
    expect(JSON.stringify(edited)).not.to.contain('bob/lab');
  });

  it("a public fork of a repository made private: no parent or source in the fork's deliveries", async () => {
    await createRepository(server, alice, { name: 'plan', auto_init: true });
    expect((await api(server, bob, 'POST', '/repos/alice/plan/forks', {})).status).to.equal(202);
    expect((await api(server, alice, 'PATCH', '/repos/alice/plan', { private: true, description: 'the secret plan' })).status).to.equal(200);
    await hookOn(bob, 'bob/plan');
    expect((await api(server, bob, 'PATCH', '/repos/bob/plan', { description: 'my own plan' })).status).to.equal(200);
    const edited = await delivered('repository', (payload) => payload.action === 'edited' && payload.repository.full_name === 'bob/plan');
    expect(edited.repository).not.to.have.property('parent');
    expect(edited.repository).not.to.have.property('source');
    expect(JSON.stringify(edited)).not.to.contain('the secret plan');
  });
});
