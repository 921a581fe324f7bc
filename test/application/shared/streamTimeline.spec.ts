import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  stateAsOf,
  TIMELINE_CHECKPOINT_EVERY,
  type TimelineCheckpointDocument,
  type TimelineCollections,
  type TimelineFold,
  type TimelineHeadDocument,
} from '../../../application/shared/audit/streamTimeline.js';
import type { ReadStreamOptions, StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import { liveTarget } from '../../../application/shared/projections/projectionTargets.js';
import { prepareTarget } from '../../../application/shared/projections/projectionTargets.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';
import { streamTimelineProjection } from '../../../projections/shared/streamTimeline.projection.js';
import { DelegatingEventStore } from '../../support/delegatingEventStore.js';
import { dumpCollections } from '../../support/projectionSpec.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1) + minute * 60_000);

// Counts the events each read hands back: what an as_of costs.
class CountingEventStore extends DelegatingEventStore {
  read = 0;
  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    const events = await this.inner.readStream(streamId, options);
    this.read += events.length;
    return events;
  }
}

// The state is the minutes of the events folded, in revision order: any selection shows.
const minutesFold: TimelineFold<number[]> = {
  fold: (state, events) => Promise.resolve([...(state ?? []), ...events.map((event) => (event.data as { minute: number }).minute)]),
};

describe('stream timelines: as_of from checkpoints, not the whole stream', function () {
  this.timeout(60_000);
  let directory: string;
  let log: EmbeddedEventStore;
  let counting: CountingEventStore;
  const store = new EmbeddedReadModelStore();
  const search = new EmbeddedSearchIndex();
  const projection = streamTimelineProjection<number[]>({
    name: 'clock-timeline',
    version: 1,
    checkpoints: 'clock_checkpoints',
    heads: 'clock_heads',
    eventTypes: new Set(['Ticked']),
    isTimelineStream: (streamId) => streamId.startsWith('clock-'),
    eventStore: () => log,
    folding: () => minutesFold,
  });
  const timeline: TimelineCollections<number[]> = {
    checkpoints: store.collection<TimelineCheckpointDocument<number[]>>('clock_checkpoints'),
    heads: store.collection<TimelineHeadDocument>('clock_heads'),
  };
  let applied = -1;

  const append = (stream: string, minutes: readonly number[]) =>
    log.append(
      stream,
      minutes.map((minute) => ({
        id: randomUUID(),
        type: 'Ticked',
        data: { minute },
        metadata: { schemaVersion: 1, actorId: 1, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: at(minute).toISOString() },
      })),
      'any',
    );
  // The timeline applies the log up to a position, as its lane would.
  const applyThrough = async (position: number) => {
    for await (const event of log.readAll({ after: applied })) {
      if (event.position > position) break;
      await projection.apply(event, liveTarget(store, search, event.position));
      applied = event.position;
    }
  };
  const reference = async (stream: string, minute: number) =>
    (await log.readStream(stream))
      .filter((event) => Date.parse(event.metadata.occurredAt) <= at(minute).getTime())
      .map((event) => (event.data as { minute: number }).minute);
  const asOf = async (stream: string, minute: number) => (await stateAsOf(counting, timeline, stream, at(minute), minutesFold)) ?? [];

  before(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-timeline-'));
    log = await EmbeddedEventStore.open(directory);
    counting = new CountingEventStore(log);
    await prepareTarget(projection, liveTarget(store, search));
    // A stream whose times rise, as commands write them: 3.4 blocks.
    await append(
      'clock-rising',
      Array.from({ length: 1_700 }, (_, index) => index),
    );
    // An import's records first (times falling and rising), then commands' events.
    const imported = Array.from({ length: 700 }, (_, index) => (index % 2 === 0 ? 1_000 - index : index));
    await append('clock-imported', [...imported, ...Array.from({ length: 800 }, (_, index) => 2_000 + index)]);
    await applyThrough(await log.headPosition());
  });
  after(async function () {
    await log.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('answers what folding every event at or before the instant answers, on rising and on unordered streams', async function () {
    for (const stream of ['clock-rising', 'clock-imported']) {
      for (const minute of [-1, 0, 1, 250, 498, 499, 500, 777, 999, 1_000, 1_250, 1_699, 1_700, 2_000, 2_450, 2_799, 5_000]) {
        expect(await asOf(stream, minute), `${stream} at ${minute}`).to.deep.equal(await reference(stream, minute));
      }
    }
    expect(await asOf('clock-none', 10)).to.deep.equal([]);
  });

  it('reads at most a block of a rising stream past its checkpoint, however long the stream', async function () {
    const checkpoints = await timeline.checkpoints.find({ stream: 'clock-rising' });
    expect(checkpoints.map((checkpoint) => checkpoint.revision)).to.have.members([499, 999, 1_499]);
    for (const minute of [10, 700, 1_200, 1_650]) {
      counting.read = 0;
      await asOf('clock-rising', minute);
      expect(counting.read, `at ${minute}`).to.be.at.most(TIMELINE_CHECKPOINT_EVERY);
    }
  });

  it('reads what the timeline has not applied yet from the log', async function () {
    await append('clock-rising', [1_700, 1_701, 1_702]);
    const head = await log.headPosition();
    await applyThrough(head - 2);
    expect((await timeline.heads.findOne({ _id: 'clock-rising' }))?.revision).to.equal(1_700);
    expect(await asOf('clock-rising', 1_701)).to.deep.equal(await reference('clock-rising', 1_701));
    expect(await asOf('clock-rising', 1_702)).to.deep.equal(await reference('clock-rising', 1_702));
    await applyThrough(head);
    expect(await asOf('clock-rising', 1_702)).to.deep.equal(await reference('clock-rising', 1_702));
  });

  it('applying events again, at once or after later ones (a batch re-applied after a crash), leaves the same timeline', async function () {
    const twice = new EmbeddedReadModelStore();
    await prepareTarget(projection, liveTarget(twice, search));
    for await (const event of log.readAll({})) {
      if (event.position > applied) break;
      await projection.apply(event, liveTarget(twice, search, event.position));
      await projection.apply(event, liveTarget(twice, search, event.position));
    }
    // And the whole log again, each event after later ones were applied.
    for await (const event of log.readAll({})) {
      if (event.position > applied) break;
      await projection.apply(event, liveTarget(twice, search, event.position));
    }
    expect(await dumpCollections(twice)).to.deep.equal(await dumpCollections(store));
  });

  it('an event earlier than what followed a checkpoint lowers what that checkpoint says of its later events', async function () {
    // A late record of the import, stamped before most of the stream.
    await append('clock-imported', [5]);
    await applyThrough(await log.headPosition());
    for (const checkpoint of await timeline.checkpoints.find({ stream: 'clock-imported' })) expect(checkpoint.earliest_after).to.equal(at(5).getTime());
    for (const minute of [5, 6, 1_000, 2_500])
      expect(await asOf('clock-imported', minute), `at ${minute}`).to.deep.equal(await reference('clock-imported', minute));
  });
});
