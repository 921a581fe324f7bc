import { expect } from 'chai';
import { emailStream } from '../../../../application/accounts/emailReservations.js';
import { authorizationNoteStream } from '../../../../application/authorizations/authorizationKeys.js';
import type { EventStore } from '../../../../application/shared/ports/eventStore.port.js';
import { ORPHAN_RESERVATIONS } from '../../../../application/shared/processes/orphanReservations.js';
import { processStream } from '../../../../application/shared/processes/processEvents.js';
import { FaultyEventStore } from '../../../support/faultyEventStore.js';
import { ManualClock, newDataDir, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const GRACE_MS = 60_000;
const FAST_PROCESSES = { FORGELOG_RESERVATION_GRACE_MS: String(GRACE_MS), FORGELOG_PROCESS_TICK_MS: '10' };

async function typesOf(eventStore: EventStore, stream: string): Promise<string[]> {
  return (await eventStore.readStream(stream)).map((event) => event.type);
}

async function pollUntil<T>(attempt: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await attempt();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: last saw ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The fault sits between the two appends of a creation: the reservation is in the log, the
// holder's stream is not. A command that fails there releases at once; a process that dies
// there leaves the release to the orphan-reservations process manager after its restart.
describe('reservations whose creating command fails or crashes after reserving', () => {
  let server: TestServer | undefined;
  let faulty: FaultyEventStore;
  const decorate = (store: EventStore) => (faulty = new FaultyEventStore(store));
  afterEach(async () => server?.close());

  it('a user creation that fails after reserving the login releases it at once: the same login can be created right away', async () => {
    server = await startTestServer({}, undefined, { decorateEventStore: decorate });
    faulty.failOnce(/^user-/);
    const failed = await api(server, server.adminAuthorization, 'POST', '/admin/users', { login: 'bianca', email: null, password: PASSWORD });
    expect(failed.status).to.equal(500);
    expect(await typesOf(server.runtime.adapters.eventStore, 'login-bianca')).to.deep.equal(['LoginReserved', 'LoginReleased']);
    const created = await api(server, server.adminAuthorization, 'POST', '/admin/users', { login: 'bianca', email: null, password: PASSWORD });
    expect(created.status).to.equal(201);
    expect(created.body.login).to.equal('bianca');
  });

  it('a crash between the login reservation and the user: after a restart the orphan is released once its grace period is over, and the login can be taken', async () => {
    const dataDir = await newDataDir();
    const crashed = await startTestServer({}, dataDir, { decorateEventStore: decorate });
    faulty.crashAt(/^user-/);
    expect((await api(crashed, crashed.adminAuthorization, 'POST', '/admin/users', { login: 'orphan', email: null, password: PASSWORD })).status).to.equal(500);
    const reservation = (await crashed.runtime.adapters.eventStore.readStream('login-orphan'))[0]!;
    expect(reservation.type).to.equal('LoginReserved');
    await crashed.stop();

    const clock = new ManualClock(new Date(Date.parse(reservation.metadata.occurredAt) + 1_000));
    server = await startTestServer(FAST_PROCESSES, dataDir, { clock });
    const eventStore = server.runtime.adapters.eventStore;
    // Within the grace period the name stays reserved: a command might still be running.
    expect(await server.runtime.processes.settled(await eventStore.headPosition(), 10_000)).to.equal(true);
    const early = await api(server, server.adminAuthorization, 'POST', '/admin/users', { login: 'orphan', email: null, password: PASSWORD });
    expect(early.status).to.equal(422);
    expect(await typesOf(eventStore, 'login-orphan')).to.deep.equal(['LoginReserved']);
    clock.advance(GRACE_MS);
    const created = await pollUntil(
      () => api(server!, server!.adminAuthorization, 'POST', '/admin/users', { login: 'orphan', email: null, password: PASSWORD }),
      (response) => response.status === 201,
      'the orphaned login to be released',
    );
    expect(created.body.login).to.equal('orphan');
    expect(await typesOf(eventStore, 'login-orphan')).to.deep.equal(['LoginReserved', 'LoginReleased', 'LoginReserved']);
    const process = await server.runtime.processes.stateOf(ORPHAN_RESERVATIONS, reservation.id);
    expect(process).to.deep.include({ status: 'completed', completedSteps: ['release-if-orphaned'], lastError: null });
    expect(await typesOf(eventStore, processStream(ORPHAN_RESERVATIONS, reservation.id))).to.deep.equal(['ProcessStepCompleted']);
    // The released reservation's process is not run again after another restart.
    await server.stop();
    server = await startTestServer(FAST_PROCESSES, dataDir, { clock });
    expect(await server.runtime.processes.settled(await server.runtime.adapters.eventStore.headPosition(), 10_000)).to.equal(true);
    expect(await typesOf(server.runtime.adapters.eventStore, 'login-orphan')).to.deep.equal(['LoginReserved', 'LoginReleased', 'LoginReserved']);
  });

  it('a user creation that fails after reserving the email releases it at once; a crash there leaves it to the grace period', async () => {
    const dataDir = await newDataDir();
    const crashed = await startTestServer({}, dataDir, { decorateEventStore: decorate });
    faulty.failOnce(/^user-/);
    const body = (login: string) => ({ login, email: 'Orphan@example.com', password: PASSWORD });
    expect((await api(crashed, crashed.adminAuthorization, 'POST', '/admin/users', body('failed'))).status).to.equal(500);
    const stream = emailStream('orphan@example.com');
    expect(await typesOf(crashed.runtime.adapters.eventStore, stream)).to.deep.equal(['EmailReserved', 'EmailReleased']);
    faulty.crashAt(/^user-/);
    expect((await api(crashed, crashed.adminAuthorization, 'POST', '/admin/users', body('crashed'))).status).to.equal(500);
    const reservation = (await crashed.runtime.adapters.eventStore.readStream(stream))[2]!;
    expect(reservation.type).to.equal('EmailReserved');
    await crashed.stop();

    const clock = new ManualClock(new Date(Date.parse(reservation.metadata.occurredAt) + 1_000));
    server = await startTestServer(FAST_PROCESSES, dataDir, { clock });
    expect(await server.runtime.processes.settled(await server.runtime.adapters.eventStore.headPosition(), 10_000)).to.equal(true);
    const early = await api(server, server.adminAuthorization, 'POST', '/admin/users', body('early'));
    expect(early.body.errors).to.deep.equal([{ resource: 'User', field: 'email', code: 'already_exists', message: 'email is already taken' }]);
    clock.advance(GRACE_MS);
    const created = await pollUntil(
      () => api(server!, server!.adminAuthorization, 'POST', '/admin/users', body('late')),
      (response) => response.status === 201,
      'the orphaned email to be released',
    );
    expect(created.body.login).to.equal('late');
    expect(await typesOf(server.runtime.adapters.eventStore, stream)).to.deep.equal([
      'EmailReserved',
      'EmailReleased',
      'EmailReserved',
      'EmailReleased',
      'EmailReserved',
    ]);
  });

  it('a crash between the repository-name reservation and the repository: the name is released after the grace period', async () => {
    const dataDir = await newDataDir();
    const crashed = await startTestServer({}, dataDir, { decorateEventStore: decorate });
    const ada = await createUser(crashed, 'ada');
    const adaId = (await api(crashed, ada, 'GET', '/user')).body.id as number;
    faulty.crashAt(/^repository-\d+$/);
    expect((await api(crashed, ada, 'POST', '/user/repos', { name: 'engine' })).status).to.equal(500);
    const nameStream = `repository-name-${adaId}-engine`;
    const reservation = (await crashed.runtime.adapters.eventStore.readStream(nameStream))[0]!;
    expect(reservation.type).to.equal('RepositoryNameReserved');
    await crashed.stop();

    const clock = new ManualClock(new Date(Date.parse(reservation.metadata.occurredAt) + 1_000));
    server = await startTestServer(FAST_PROCESSES, dataDir, { clock });
    expect(await server.runtime.processes.settled(await server.runtime.adapters.eventStore.headPosition(), 10_000)).to.equal(true);
    expect((await api(server, ada, 'POST', '/user/repos', { name: 'engine' })).status).to.equal(422);
    clock.advance(GRACE_MS);
    const created = await pollUntil(
      () => api(server!, ada, 'POST', '/user/repos', { name: 'engine' }),
      (response) => response.status === 201,
      'the orphaned name to be released',
    );
    expect(created.body.full_name).to.equal('ada/engine');
    expect(await typesOf(server.runtime.adapters.eventStore, nameStream)).to.deep.equal([
      'RepositoryNameReserved',
      'RepositoryNameReleased',
      'RepositoryNameReserved',
    ]);
  });

  it('a crash between binding a token note and the token: the note is freed after the grace period', async () => {
    const dataDir = await newDataDir();
    const crashed = await startTestServer({}, dataDir, { decorateEventStore: decorate });
    const ada = await createUser(crashed, 'ada');
    const adaId = (await api(crashed, ada, 'GET', '/user')).body.id as number;
    faulty.crashAt(/^authorization-\d+$/);
    expect((await api(crashed, ada, 'POST', '/authorizations', { note: 'deploy' })).status).to.equal(500);
    const noteStream = authorizationNoteStream(adaId, 'deploy');
    const binding = (await crashed.runtime.adapters.eventStore.readStream(noteStream))[0]!;
    expect(binding.type).to.equal('AuthorizationKeyBound');
    await crashed.stop();

    const clock = new ManualClock(new Date(Date.parse(binding.metadata.occurredAt) + 1_000));
    server = await startTestServer(FAST_PROCESSES, dataDir, { clock });
    expect(await server.runtime.processes.settled(await server.runtime.adapters.eventStore.headPosition(), 10_000)).to.equal(true);
    const early = await api(server, ada, 'POST', '/authorizations', { note: 'deploy' });
    expect(early.status).to.equal(422);
    expect(early.body.errors).to.deep.equal([{ resource: 'OauthAccess', code: 'already_exists', field: 'description' }]);
    clock.advance(GRACE_MS);
    const created = await pollUntil(
      () => api(server!, ada, 'POST', '/authorizations', { note: 'deploy' }),
      (response) => response.status === 201,
      'the orphaned note to be freed',
    );
    expect(created.body.note).to.equal('deploy');
    expect(await typesOf(server.runtime.adapters.eventStore, noteStream)).to.deep.equal([
      'AuthorizationKeyBound',
      'AuthorizationKeyReleased',
      'AuthorizationKeyBound',
    ]);
  });

  it('a crash between deleting a token and freeing its note: the note is taken again at once, the deleted token holding nothing', async () => {
    const dataDir = await newDataDir();
    const crashed = await startTestServer({}, dataDir, { decorateEventStore: decorate });
    const ada = await createUser(crashed, 'ada');
    const adaId = (await api(crashed, ada, 'GET', '/user')).body.id as number;
    const token = await api(crashed, ada, 'POST', '/authorizations', { note: 'deploy' });
    expect(token.status).to.equal(201);
    faulty.crashAt(/^authorization-note-/, 'AuthorizationKeyReleased');
    await api(crashed, ada, 'DELETE', `/authorizations/${token.body.id}`);
    await crashed.stop();

    server = await startTestServer({}, dataDir);
    const noteStream = authorizationNoteStream(adaId, 'deploy');
    expect(await typesOf(server.runtime.adapters.eventStore, noteStream)).to.deep.equal(['AuthorizationKeyBound']);
    expect((await api(server, ada, 'GET', `/authorizations/${token.body.id}`)).status).to.equal(404);
    const again = await api(server, ada, 'POST', '/authorizations', { note: 'deploy' });
    expect(again.status, JSON.stringify(again.body)).to.equal(201);
    expect(again.body.note).to.equal('deploy');
    expect(await typesOf(server.runtime.adapters.eventStore, noteStream)).to.deep.equal(['AuthorizationKeyBound', 'AuthorizationKeyBound']);
    // The new token holds the note as any other: a third is refused.
    expect((await api(server, ada, 'POST', '/authorizations', { note: 'deploy' })).status).to.equal(422);
  });
});
