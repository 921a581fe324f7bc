import { expect } from 'chai';
import type { StoredEvent } from '../../../../application/shared/ports/eventStore.port.js';
import { LOST_ACCESS_CONSEQUENCES } from '../../../../application/repositories/lostAccess.process.js';
import { FaultyEventStore } from '../../../support/faultyEventStore.js';
import { newDataDir, startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

const FAST_PROCESSES = { FORGELOG_PROCESS_TICK_MS: '10' };

// Losing access takes back stars, subscriptions and private forks, each by a command of its
// own after the one that took the access away. A crash between them left the rest for good: the
// removal cannot be asked again (the collaborator is gone, the repository already private).
// The lost-access process finishes them after the restart.
describe('lost access: the consequences a crash interrupted are finished after the restart', () => {
  let server: TestServer | undefined;
  afterEach(async () => server?.close());

  // A server whose event store "dies" right after the event named: the answer is a 500 and
  // nothing after it is written; then a restart on the same data.
  async function crashAfter(setUp: (server: TestServer) => Promise<() => Promise<number>>, stream: RegExp, eventType: string): Promise<TestServer> {
    const dataDir = await newDataDir();
    let faulty!: FaultyEventStore;
    const crashing = await startTestServer({}, dataDir, { decorateEventStore: (store) => (faulty = new FaultyEventStore(store)) });
    const act = await setUp(crashing);
    faulty.crashAfter(stream, eventType);
    expect(await act()).to.equal(500);
    await crashing.stop();
    // Restarted past the time the process leaves the command to finish on its own.
    const restarted = await startTestServer(FAST_PROCESSES, dataDir, { clock: { now: () => new Date(Date.now() + 60_000) } });
    const eventStore = restarted.runtime.adapters.eventStore;
    expect(await restarted.runtime.processes.settled(await eventStore.headPosition(), 10_000)).to.equal(true);
    // The process the interrupted event started has finished.
    let trigger: StoredEvent | undefined;
    for await (const event of eventStore.readAll()) if (stream.test(event.streamId) && event.type === eventType) trigger = event;
    expect(await restarted.runtime.processes.stateOf(LOST_ACCESS_CONSEQUENCES, trigger!.id)).to.include({ status: 'completed' });
    return restarted;
  }

  const authorizations = new Map<string, string>();
  async function users(on: TestServer, ...logins: string[]): Promise<void> {
    for (const login of logins) authorizations.set(login, await createUser(on, login));
  }
  const as = (login: string) => authorizations.get(login)!;

  it('a collaborator removed: their star, subscription and private fork go', async () => {
    server = await crashAfter(
      async (on) => {
        await users(on, 'octocat', 'hubot');
        await createRepository(on, as('octocat'), { name: 'hidden', private: true });
        await addCollaborator(on, as('octocat'), 'octocat/hidden', 'hubot', 'pull');
        expect((await api(on, as('hubot'), 'PUT', '/user/starred/octocat/hidden')).status).to.equal(204);
        expect((await api(on, as('hubot'), 'PUT', '/repos/octocat/hidden/subscription', { subscribed: true })).status).to.equal(200);
        expect((await api(on, as('hubot'), 'POST', '/repos/octocat/hidden/forks', {})).status).to.equal(202);
        return async () => (await api(on, as('octocat'), 'DELETE', '/repos/octocat/hidden/collaborators/hubot')).status;
      },
      /^repository-\d+$/,
      'CollaboratorRemoved',
    );
    const hidden = (await api(server, as('octocat'), 'GET', '/repos/octocat/hidden')).body;
    expect(hidden).to.include({ stargazers_count: 0, subscribers_count: 0 });
    expect((await api(server, as('octocat'), 'GET', '/repos/octocat/hidden/stargazers')).body).to.deep.equal([]);
    expect((await api(server, as('hubot'), 'GET', '/user/subscriptions')).body).to.deep.equal([]);
    expect((await api(server, as('hubot'), 'GET', '/repos/hubot/hidden')).status).to.equal(404);
  });

  it('a member removed from an organization: their star and subscription of its private repository go', async () => {
    server = await crashAfter(
      async (on) => {
        await users(on, 'octocat', 'hubot');
        expect((await api(on, on.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' })).status).to.equal(201);
        expect((await api(on, as('octocat'), 'PUT', '/orgs/acme/memberships/hubot', { role: 'member' })).status).to.equal(200);
        await createRepository(on, as('octocat'), { name: 'inside', private: true }, '/orgs/acme/repos');
        expect((await api(on, as('hubot'), 'PUT', '/user/starred/acme/inside')).status).to.equal(204);
        expect((await api(on, as('hubot'), 'PUT', '/repos/acme/inside/subscription', { subscribed: true })).status).to.equal(200);
        return async () => (await api(on, as('octocat'), 'DELETE', '/orgs/acme/memberships/hubot')).status;
      },
      /^organization-\d+$/,
      'OrganizationMemberRemoved',
    );
    expect((await api(server, as('octocat'), 'GET', '/repos/acme/inside')).body).to.include({ stargazers_count: 0, subscribers_count: 0 });
    expect((await api(server, as('hubot'), 'GET', '/user/starred')).body).to.deep.equal([]);
    expect((await api(server, as('hubot'), 'GET', '/user/subscriptions')).body).to.deep.equal([]);
  });

  it('a repository made private: every star and watch given before goes; one given after stays', async () => {
    server = await crashAfter(
      async (on) => {
        await users(on, 'octocat', 'hubot');
        await createRepository(on, as('octocat'), { name: 'rising' });
        for (const login of ['octocat', 'hubot']) {
          expect((await api(on, as(login), 'PUT', '/user/starred/octocat/rising')).status).to.equal(204);
          expect((await api(on, as(login), 'PUT', '/repos/octocat/rising/subscription', { subscribed: true })).status).to.equal(200);
        }
        return async () => (await api(on, as('octocat'), 'PATCH', '/repos/octocat/rising', { private: true })).status;
      },
      /^repository-\d+$/,
      'RepositoryEdited',
    );
    const rising = (await api(server, as('octocat'), 'GET', '/repos/octocat/rising')).body;
    expect(rising).to.include({ private: true, stargazers_count: 0, subscribers_count: 0 });
    expect((await api(server, as('octocat'), 'GET', '/repos/octocat/rising/subscribers')).body).to.deep.equal([]);
    // The process is done: a star given now is not taken back.
    expect((await api(server, as('octocat'), 'PUT', '/user/starred/octocat/rising')).status).to.equal(204);
    expect((await api(server, as('octocat'), 'GET', '/repos/octocat/rising')).body).to.include({ stargazers_count: 1 });
  });
});
