import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { isRight } from 'fp-ts/lib/Either.js';
import { systemContext } from '../../../application/shared/commandContext.js';
import { handleCommand } from '../../../application/shared/handleCommand.js';
import { inTurn } from '../../../application/shared/streamTurns.js';
import { projectDecider } from '../../../domain/projects/project.decider.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { BOARD_AT, createBoard } from './boardCommands.js';

const at = BOARD_AT;

describe('streamTurns: commands on one stream in one process take turns', () => {
  let directory: string;
  let store: EmbeddedEventStore;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-turns-'));
    store = await EmbeddedEventStore.open(directory);
    expect(isRight(await handleCommand(store, projectDecider, 'project-1', createBoard, systemContext(new Date(at))))).to.equal(true);
  });
  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  // Thirty columns created at once, each allowed a single attempt.
  const thirtyAtOnce = (turns: boolean) =>
    Promise.all(
      Array.from({ length: 30 }, (_, n) => {
        const command = () =>
          handleCommand(
            store,
            projectDecider,
            'project-1',
            { type: 'CreateColumn', columnId: n + 1, name: `c${n}`, at },
            systemContext(new Date(at)),
            undefined,
            1,
          );
        return turns ? inTurn(store, 'project-1', command) : command();
      }),
    );

  it('thirty at once, one attempt each: none conflicts, and they append in the order asked', async () => {
    const outcomes = await thirtyAtOnce(true);
    expect(outcomes.filter((outcome) => !isRight(outcome))).to.deep.equal([]);
    const events = await store.readStream('project-1');
    expect(events.slice(1).map((event) => (event.data as { columnId: number }).columnId)).to.deep.equal(Array.from({ length: 30 }, (_, n) => n + 1));
  });

  it('without turns the same thirty race for one revision, and most lose', async () => {
    const outcomes = await thirtyAtOnce(false);
    expect(outcomes.filter((outcome) => !isRight(outcome)).length).to.be.above(10);
  });

  it('a turn asked again within itself runs at once (it holds the turn): nested, it waited for itself', async () => {
    const order: string[] = [];
    const waiting = inTurn(store, 'project-1', async () => {
      order.push('outer');
      const inner = await inTurn(store, 'project-1', async () => {
        order.push('inner');
        return 'inner done';
      });
      order.push(inner);
      return 'outer done';
    });
    const later = inTurn(store, 'project-1', async () => void order.push('later'));
    const result = await Promise.race([waiting, new Promise((resolve) => setTimeout(() => resolve('stuck'), 2000))]);
    expect(result).to.equal('outer done');
    await later;
    // The one asked after still waits for the outer turn to end; another store's turns are its own.
    expect(order).to.deep.equal(['outer', 'inner', 'inner done', 'later']);
  });

  it('a failed command passes the turn on; other streams never wait', async () => {
    const failing = inTurn(store, 'project-1', () => Promise.reject(new Error('refused')));
    const next = inTurn(store, 'project-1', async () => 'next');
    const elsewhere = inTurn(store, 'project-2', async () => 'elsewhere');
    expect(
      await failing.then(
        () => 'fulfilled',
        (error: Error) => error.message,
      ),
    ).to.equal('refused');
    expect(await next).to.equal('next');
    expect(await elsewhere).to.equal('elsewhere');
  });
});
