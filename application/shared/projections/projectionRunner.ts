import { ID_BLOCK_RESERVED } from '../idBlockReservation.js';
import type { EventStore, StoredEvent } from '../ports/eventStore.port.js';
import type { ReadModelStore, WriteBehind } from '../ports/readModelStore.port.js';
import type { SearchIndex } from '../ports/searchIndex.port.js';
import { CHECKPOINTS_COLLECTION, REBUILD_SUFFIX, type Checkpoint, type Projection, type ProjectionTarget } from './projection.js';
import { BatchEndWork } from './batchEndWork.js';
import { DEFAULT_LANE_OPTIONS, type HeldWrites, ProjectionLane, type LaneEvents, type LaneOptions } from './projectionLane.js';
import { highestTombstone, POSITION_FIELD, prepareTombstones, pruneTombstones, type TombstoneWatermark } from './positionGuardedCollection.js';
import { clearTarget, liveTarget, prepareTarget, rebuildTarget, swapRebuiltIntoLive } from './projectionTargets.js';

export interface RebuildProgress {
  readonly projection: string;
  readonly position: number;
  readonly headPosition: number;
}

export interface ProjectionProgress {
  // Resolves true once every read-your-writes projection, and the eventual ones named in
  // `also`, have applied the event at `position`; false on timeout.
  waitFor(position: number, timeoutMs: number, also?: readonly string[]): Promise<boolean>;
}

export interface ProjectionStatus {
  readonly name: string;
  readonly lane: string;
  readonly readYourWrites: boolean;
  readonly position: number;
  readonly resubscriptions: number; // of its lane, since the start
}

export const READ_YOUR_WRITES_LANE = 'read-your-writes';
// Tombstones are pruned every so many events (they matter only while writers overlap).
const PRUNE_EVERY_EVENTS = 1024;
// A rebuild's replay writes what it holds every so many events.
const REPLAY_FLUSH_EVENTS = 512;

type ModelWrites = Pick<ReadModelStore, 'collection'>;

// For a projection that reads the read-your-writes models, the collections a rebuild maps
// onto fresh ones: those it writes itself (and any named in `alsoFresh`); the others it reads
// live. Undefined (every collection fresh) for the other projections.
function ownCollections(projection: Projection, alsoFresh: readonly string[] = []): Set<string> | undefined {
  if (!projection.readsReadYourWritesModels) return undefined;
  return new Set([...projection.collections.map((collection) => collection.name), ...alsoFresh]);
}

export function readsItsWrites(projection: Projection): boolean {
  return (projection.consistency ?? 'read-your-writes') === 'read-your-writes';
}

// A projection naming no event types takes every event but an id block's reservation, which
// changes no model (a quarter of a log of issues opened: each went through the async
// machinery of every such lane, activity and two search indexes, to be ignored).
function concerns(projection: Projection, event: StoredEvent): boolean {
  return projection.eventTypes === undefined ? event.type !== ID_BLOCK_RESERVED : projection.eventTypes.has(event.type);
}

const concernsEvent = (event: StoredEvent) => (projection: Projection) => concerns(projection, event);

// A lane's batch of events: its projections' writes held behind (where the store offers
// that), the work they hold for the batch's end, and the checkpoints that become true once
// those are done. Read-your-writes lanes batch only when the store writes behind (a command's
// answer would otherwise wait a turn for the batch's end); eventual lanes always do.
interface LaneBatch {
  readonly writes: WriteBehind | undefined;
  readonly atEnd: BatchEndWork;
  readonly checkpoints: Map<Projection, number>;
}

// Feeds the projections from the log, keeping a checkpoint per projection. Projections a
// command's answer depends on share one lane, which read-your-writes waits for; every
// eventual projection (feeds, indexes) has a lane of its own, so a slow one delays only
// itself, and its lag shows in /metrics. Events at or before a projection's checkpoint are
// skipped, so a restart re-applies at most the event that was in flight.
export class ProjectionRunner implements ProjectionProgress {
  private readonly checkpoints = new Map<string, number>();
  private readonly lanes: ProjectionLane[] = [];
  private readonly laneOf = new Map<string, ProjectionLane>();
  private readonly readYourWritesLane: ProjectionLane | undefined;
  private appliedSincePrune = 0;
  private fatal: unknown;
  // Checkpoints advanced in memory and not yet written; written once per batch of events.
  private readonly unsaved = new Set<Projection>();
  private flushScheduled = false;
  private readonly tombstones: TombstoneWatermark = { highest: Number.MAX_SAFE_INTEGER };
  private started = false;
  // Rebuilt models swapped in: they change what is served without moving any lane.
  private swaps = 0;

  constructor(
    private readonly eventStore: EventStore,
    private readonly store: ReadModelStore,
    private readonly search: SearchIndex,
    private readonly projections: readonly Projection[],
    private readonly events: Partial<LaneEvents> = {},
    laneOptions: LaneOptions = DEFAULT_LANE_OPTIONS,
  ) {
    const laneEvents: LaneEvents = {
      onResubscribe: (lane, failures, error) => this.events.onResubscribe?.(lane, failures, error),
      onFatal: (lane, error) => {
        this.fatal = error;
        this.events.onFatal?.(lane, error);
      },
    };
    const inOrder = projections.filter(readsItsWrites);
    if (inOrder.length > 0) this.readYourWritesLane = this.addLane(READ_YOUR_WRITES_LANE, inOrder, laneEvents, laneOptions);
    for (const projection of projections.filter((p) => !readsItsWrites(p))) this.addLane(projection.name, [projection], laneEvents, laneOptions);
  }

  // The position every projection has reached: what a snapshot of the models may claim.
  get processedPosition(): number {
    return this.lanes.length === 0 ? -1 : Math.min(...this.lanes.map((lane) => lane.position));
  }

  get failed(): unknown {
    return this.fatal;
  }

  statuses(): ProjectionStatus[] {
    return this.projections.map((projection) => ({
      name: projection.name,
      lane: this.laneOf.get(projection.name)!.name,
      readYourWrites: readsItsWrites(projection),
      position: this.checkpoints.get(projection.name) ?? -1,
      resubscriptions: this.laneOf.get(projection.name)!.resubscriptions,
    }));
  }

  laneNamed(name: string): ProjectionLane | undefined {
    return this.lanes.find((lane) => lane.name === name);
  }

  // `reset` names projections whose stored models cannot be trusted and are replayed from the start.
  // Changes whenever any lane applies an event or a rebuild swaps its models in: equal stamps
  // mean the read models this process serves are unchanged since (both terms only grow, so a
  // stamp never comes back). Null where this process does not apply the projections itself
  // (a separate worker does), so nothing may be cached on it.
  appliedStamp(): number | null {
    if (!this.started) return null;
    let stamp = this.swaps;
    for (const lane of this.lanes) stamp += lane.position + 1;
    return stamp;
  }

  async start(options: { reset?: readonly string[] } = {}): Promise<void> {
    this.started = true;
    await prepareTombstones(this.store);
    for (const projection of this.projections) await this.loadCheckpoint(projection, options.reset?.includes(projection.name) ?? false);
    this.tombstones.highest = await highestTombstone(this.store);
    const head = await this.eventStore.headPosition();
    for (const lane of this.lanes) {
      const members = this.projections.filter((p) => this.laneOf.get(p.name) === lane);
      if (lane !== this.readYourWritesLane) lane.yieldToCommands(head, () => this.readYourWritesLane?.position ?? -1);
      lane.start(Math.min(head, ...members.map((p) => this.checkpoints.get(p.name)!)));
    }
    // Catch up before serving: the head is where read-your-writes begins.
    if (head >= 0 && !(await this.waitForAll(head, 24 * 3600_000))) throw new Error('projections did not catch up');
  }

  async stop(): Promise<void> {
    for (const lane of this.lanes) await lane.stop();
    await this.flushCheckpoints();
  }

  async waitFor(position: number, timeoutMs: number, also: readonly string[] = []): Promise<boolean> {
    const lanes = new Set<ProjectionLane>(this.readYourWritesLane ? [this.readYourWritesLane] : []);
    for (const name of also) {
      const lane = this.laneOf.get(name);
      if (lane) lanes.add(lane);
    }
    const reached = await Promise.all([...lanes].map((lane) => lane.waiters.waitFor(position, timeoutMs)));
    return reached.every(Boolean);
  }

  // Every lane, eventual ones included (start-up, specs, the rebuild command).
  async waitForAll(position: number, timeoutMs: number): Promise<boolean> {
    const reached = await Promise.all(this.lanes.map((lane) => lane.waiters.waitFor(position, timeoutMs)));
    return reached.every(Boolean);
  }

  // Rebuilds into fresh collections and indexes while the live ones keep serving, then
  // holds each projection's lane, catches up to the same position, and swaps. The log is
  // read once for every projection rebuilt (once per projection, a rebuild of all of them
  // read and decoded it twenty times).
  async rebuild(names: readonly string[], onProgress: (progress: RebuildProgress) => void = () => {}): Promise<void> {
    const named = this.projections.filter((p) => names.length === 0 || names.includes(p.name));
    // Read-your-writes projections first, for each event and for the swaps: the others may read their models.
    const chosen = [...named.filter(readsItsWrites), ...named.filter((p) => !readsItsWrites(p))];
    for (const projection of chosen) {
      await clearTarget(projection, this.store, this.search, REBUILD_SUFFIX);
      await prepareTarget(projection, rebuildTarget(this.store, this.search, Number.MAX_SAFE_INTEGER, ownCollections(projection)));
    }
    // In the shared replay a projection reading the read-your-writes models reads the fresh
    // ones of those rebuilt with it (at the event, as its lane reads the live ones), the live
    // ones of the others; in its own catch-up after, the live ones (those rebuilt are swapped in by then).
    const rebuiltTogether = chosen.filter(readsItsWrites).flatMap((p) => p.collections.map((collection) => collection.name));
    const targets = (fresh: (projection: Projection) => Set<string> | undefined) => (projection: Projection) => {
      const own = fresh(projection);
      return (store: ModelWrites, position: number) => rebuildTarget(store, this.search, position, own);
    };
    const shared = targets((projection) => ownCollections(projection, rebuiltTogether));
    const rebuilt = targets((projection) => ownCollections(projection));
    const replayed = await this.replay(chosen, shared, -1, await this.eventStore.headPosition(), onProgress);
    for (const projection of chosen) {
      const lane = this.laneOf.get(projection.name)!;
      await lane.queue.run(async () => {
        // The live model's held writes land before it is replaced.
        await lane.flushHeld();
        const live = lane.following ? lane.position : await this.eventStore.headPosition();
        let position = await this.replay([projection], rebuilt, replayed, live, onProgress);
        await swapRebuiltIntoLive(projection, this.store, this.search);
        if (!lane.following) {
          // A worker in another process may have written to the old model during the swap:
          // replay what it may have missed into the new one. Its writes and these may now
          // interleave out of order; the position guard keeps the newer state.
          const head = await this.eventStore.headPosition();
          position = await this.replay([projection], () => (store, at) => liveTarget(store, this.search, at), position, head, onProgress);
        }
        // Once the live models hold the replay's last events too: a page worked out before this
        // is kept under the older stamp.
        this.swaps += 1;
        await this.saveCheckpoint(projection, Math.max(position, lane.position));
        this.tombstones.highest = Math.max(this.tombstones.highest, await highestTombstone(this.store));
      });
    }
  }

  private addLane(name: string, members: readonly Projection[], events: LaneEvents, options: LaneOptions): ProjectionLane {
    const waitsForReadYourWrites = members.some((p) => p.readsReadYourWritesModels && !readsItsWrites(p));
    const writes = this.store.writeBehind?.(POSITION_FIELD);
    const batched = writes !== undefined || !members.every(readsItsWrites);
    const batch: LaneBatch | undefined = batched ? { writes, atEnd: new BatchEndWork(), checkpoints: new Map() } : undefined;
    const held: HeldWrites | undefined = batch && { flush: () => this.flushBatch(batch) };
    const apply = (event: StoredEvent): Promise<void> => this.process(members, waitsForReadYourWrites, batch, event);
    const passOver = (event: StoredEvent): boolean => this.passOver(members, batch, event);
    const lane = new ProjectionLane(name, this.eventStore, apply, events, options, held, passOver);
    this.lanes.push(lane);
    for (const projection of members) this.laneOf.set(projection.name, lane);
    return lane;
  }

  // Each event to each projection in turn, through a write-behind batch where the store
  // offers one, written every so many events. Returns the last position replayed (`after`
  // when `until` is not beyond it).
  private async replay(
    projections: readonly Projection[],
    targetOf: (projection: Projection) => (store: ModelWrites, position: number) => ProjectionTarget,
    after: number,
    until: number,
    onProgress: (progress: RebuildProgress) => void,
  ): Promise<number> {
    let position = after;
    if (until <= after) return position;
    const targets = projections.map((projection) => [projection, targetOf(projection)] as const);
    const writes = this.store.writeBehind?.(POSITION_FIELD);
    const atEnd = new BatchEndWork();
    const progress = (): void => {
      for (const projection of projections) onProgress({ projection: projection.name, position, headPosition: until });
    };
    let held = 0;
    for await (const event of this.eventStore.readAll(after >= 0 ? { after } : {})) {
      if (event.position > until) break;
      for (const [projection, target] of targets) {
        if (concerns(projection, event)) await projection.apply(event, atEnd.offering(projection.name, target(writes ?? this.store, event.position)));
      }
      position = event.position;
      if (++held >= REPLAY_FLUSH_EVENTS) {
        await atEnd.done();
        await writes?.flush();
        held = 0;
        progress();
      }
    }
    await atEnd.done();
    await writes?.flush();
    progress();
    return position;
  }

  // Checkpoints are written once per batch (what one turn of the event loop delivers, a
  // read of up to 512 events during a replay), not per event: a restart re-applies at most
  // that batch, which the position guard and tombstones make harmless.
  private async process(members: readonly Projection[], waitsForReadYourWrites: boolean, batch: LaneBatch | undefined, event: StoredEvent): Promise<void> {
    const lane = this.readYourWritesLane;
    if (waitsForReadYourWrites && lane !== undefined && lane.position < event.position && members.some(concernsEvent(event))) {
      await lane.waiters.waitFor(event.position, 24 * 3600_000);
    }
    const target = liveTarget(batch?.writes ?? this.store, this.search, event.position, this.tombstones);
    for (const projection of members) {
      if (event.position <= this.checkpointOf(projection, batch)) continue;
      if (concerns(projection, event)) await projection.apply(event, batch ? batch.atEnd.offering(projection.name, target) : target);
      this.seenBy(projection, batch, event);
    }
    this.appliedSincePrune++;
    // Held writes: the checkpoints move, and tombstones are pruned, once they are written.
    if (batch) return;
    this.scheduleFlush();
    await this.pruneNowAndThen();
  }

  // The same bookkeeping as `process`, synchronously, for an event no member acts on; false
  // (the lane then applies it through `process`) when one does, or when tombstones are due
  // a pruning.
  private passOver(members: readonly Projection[], batch: LaneBatch | undefined, event: StoredEvent): boolean {
    if (members.some(concernsEvent(event)) || (!batch && this.appliedSincePrune + 1 >= PRUNE_EVERY_EVENTS)) return false;
    for (const projection of members) if (event.position > this.checkpointOf(projection, batch)) this.seenBy(projection, batch, event);
    this.appliedSincePrune++;
    if (!batch) this.scheduleFlush();
    return true;
  }

  private checkpointOf(projection: Projection, batch: LaneBatch | undefined): number {
    return batch?.checkpoints.get(projection) ?? this.checkpoints.get(projection.name)!;
  }

  // A projection passed over has still seen the event: its checkpoint moves on.
  private seenBy(projection: Projection, batch: LaneBatch | undefined, event: StoredEvent): void {
    if (batch) batch.checkpoints.set(projection, event.position);
    else this.advance(projection, event.position);
  }

  private async pruneNowAndThen(): Promise<void> {
    if (this.appliedSincePrune < PRUNE_EVERY_EVENTS) return;
    this.appliedSincePrune = 0;
    await pruneTombstones(this.store, Math.min(...this.checkpoints.values()));
  }

  private advance(projection: Projection, position: number): void {
    this.checkpoints.set(projection.name, position);
    this.unsaved.add(projection);
  }

  // The work held for the batch's end, its documents, then its checkpoints: a crash between
  // re-applies the batch.
  private async flushBatch(batch: LaneBatch): Promise<void> {
    await batch.atEnd.done();
    await batch.writes?.flush();
    for (const [projection, position] of batch.checkpoints) this.advance(projection, position);
    batch.checkpoints.clear();
    this.scheduleFlush();
    await this.pruneNowAndThen();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      void this.flushCheckpoints().catch((error: unknown) => this.events.onResubscribe?.('checkpoints', 0, error));
    });
  }

  private async flushCheckpoints(): Promise<void> {
    const projections = [...this.unsaved];
    this.unsaved.clear();
    for (const projection of projections) await this.saveCheckpoint(projection, this.checkpoints.get(projection.name)!);
  }

  private async loadCheckpoint(projection: Projection, reset: boolean): Promise<void> {
    const checkpoints = this.store.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
    const stored = await checkpoints.findOne({ _id: projection.name });
    if (reset || !stored || stored.version !== projection.version) {
      // A model written by another version of the projection is rebuilt from the start.
      await clearTarget(projection, this.store, this.search, '');
      await this.saveCheckpoint(projection, -1);
    } else {
      this.checkpoints.set(projection.name, stored.position);
    }
    await prepareTarget(projection, liveTarget(this.store, this.search));
  }

  private async saveCheckpoint(projection: Projection, position: number): Promise<void> {
    this.checkpoints.set(projection.name, position);
    await this.store
      .collection<Checkpoint>(CHECKPOINTS_COLLECTION)
      .replaceOne({ _id: projection.name }, { _id: projection.name, position, version: projection.version }, { upsert: true });
  }
}
