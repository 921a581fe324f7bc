import { expect } from 'chai';
import type { EventStore } from '../../../../application/shared/ports/eventStore.port.js';
import { isRight } from 'fp-ts/lib/Either.js';
import { systemContext } from '../../../../application/shared/commandContext.js';
import { handleCommand } from '../../../../application/shared/handleCommand.js';
import { projectDecider } from '../../../../domain/projects/project.decider.js';
import { projectStream } from '../../../../domain/projects/project.events.js';
import { InterposingEventStore } from '../../../support/interposingEventStore.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

// A command that lost a race takes the time again when it is decided again: a board's event
// times rise along its log, and as_of (a prefix of the log) shows each card in one column.
describe('classic projects: a retried move is stamped when it is saved', () => {
  let server: TestServer;
  let octocat: string;
  let store: InterposingEventStore;
  const clock = new ManualClock(T0);
  const call = (method: string, path: string, body?: unknown) => projectCall(server, octocat, method, path, body);

  before(async () => {
    server = await startTestServer({}, undefined, {
      clock,
      decorateEventStore: (inner: EventStore) => (store = new InterposingEventStore(inner)),
    });
    octocat = await createUser(server, 'octocat');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' })).status).to.equal(201);
  });
  after(() => server.close());

  it('a move that lost the race carries a time no older than the move before it, and as_of between them is one board', async () => {
    const project = (await call('POST', '/orgs/acme/projects', { name: 'Race' })).body.id as number;
    const column: Record<'a' | 'b' | 'd', number> = { a: 0, b: 0, d: 0 };
    for (const name of ['a', 'b', 'd'] as const) column[name] = (await call('POST', `/projects/${project}/columns`, { name })).body.id;
    const card = (await call('POST', `/projects/columns/${column.a}/cards`, { note: 'contested' })).body.id as number;
    const other = (await call('POST', `/projects/columns/${column.a}/cards`, { note: 'bystander' })).body.id as number;

    // The move to d is held before its append; meanwhile, a minute later, another API process
    // moves the card to b, and another minute passes before the held move is decided again.
    const octocatId = (await api(server, octocat, 'GET', '/user')).body.id as number;
    store.before('ProjectCardMoved', async () => {
      clock.set(at(60));
      const command = { type: 'MoveCard' as const, cardId: card, position: { kind: 'top' as const }, columnId: column.b, at: at(60).toISOString() };
      const moved = await handleCommand(store.otherProcess, projectDecider, projectStream(project), command, systemContext(at(60), octocatId));
      expect(isRight(moved), JSON.stringify(moved)).to.equal(true);
      clock.set(at(120));
    });
    expect((await call('POST', `/projects/columns/cards/${card}/moves`, { position: 'top', column_id: column.d })).status).to.equal(201);

    const events = await server.runtime.adapters.eventStore.readStream(projectStream(project));
    const moves = events.filter((event) => event.type === 'ProjectCardMoved');
    expect(moves.map((event) => event.metadata.occurredAt)).to.deep.equal([at(60).toISOString(), at(120).toISOString()]);
    const times = events.map((event) => Date.parse(event.metadata.occurredAt));
    expect(times, 'times along the log').to.deep.equal([...times].sort((x, y) => x - y));

    // Between the two moves: the card is in b only; after both, in d only.
    for (const [instant, home] of [
      [at(90), column.b],
      [at(150), column.d],
      [at(30), column.a],
    ] as const) {
      const seen = new Map<number, number[]>();
      for (const id of Object.values(column)) {
        const listed = await call('GET', `/projects/columns/${id}/cards?as_of=${instant.toISOString()}&archived_state=all`);
        expect(listed.status).to.equal(200);
        for (const one of listed.body as { id: number }[]) seen.set(one.id, [...(seen.get(one.id) ?? []), id]);
      }
      expect(seen.get(card), instant.toISOString()).to.deep.equal([home]);
      expect(seen.get(other), instant.toISOString()).to.deep.equal([column.a]);
    }

    // The organization's audit log, newest first by time: the move saved last comes first.
    const logged = await call('GET', `/orgs/acme/audit-log?phrase=${encodeURIComponent('action:project_card.move')}`);
    expect(logged.status).to.equal(200);
    expect(logged.body.map((entry: { after: { column_id: number } }) => entry.after.column_id)).to.deep.equal([column.d, column.b]);
  });

  it('a clock behind the board (another API process, a step back) stamps no earlier than the board’s last event', async () => {
    clock.set(at(600));
    const project = (await call('POST', '/orgs/acme/projects', { name: 'Skew' })).body.id as number;
    const column = (await call('POST', `/projects/${project}/columns`, { name: 'only' })).body.id as number;
    clock.set(at(300));
    const card = await call('POST', `/projects/columns/${column}/cards`, { note: 'late clock' });
    expect(card.status).to.equal(201);
    const events = await server.runtime.adapters.eventStore.readStream(projectStream(project));
    expect(events.map((event) => event.metadata.occurredAt)).to.deep.equal([at(600), at(600), at(600)].map((instant) => instant.toISOString()));
    // The answer's own times are the event's.
    expect(card.body.created_at).to.equal(at(600).toISOString().replace('.000Z', 'Z'));
  });
});
