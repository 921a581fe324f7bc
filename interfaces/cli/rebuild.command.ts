import cliProgress from 'cli-progress';
import type { GitStorage } from '../../application/shared/ports/gitStorage.port.js';
import { TOKENS } from '../../application/shared/ports/tokens.js';
import type { Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime, type Runtime } from '../../infrastructure/shared/container/runtime.js';
import { createLogger } from '../../infrastructure/shared/logging/logger.js';
import { writeSnapshots } from '../../infrastructure/shared/container/snapshots.js';
import { projectionNames } from '../../projections/shared/allProjections.js';

// Rebuilds into fresh collections and indexes, then swaps. With the embedded family the
// data directory must not be in use (the event log's lock says so); the result is written
// as the snapshot the next start resumes from.
export async function rebuild(config: Config, projection: string | undefined): Promise<void> {
  // Checked before the log is opened: beside a running server a misspelt name would otherwise
  // hear only of the lock, and be refused again once the server is stopped. An empty name is
  // a name, not "every projection".
  const known = projectionNames();
  if (projection !== undefined && !known.includes(projection)) throw new Error(`no projection named ${projection || '""'}; known: ${known.join(', ')}`);
  // Its logs on stderr, as every command printing a result: stdout is what it rebuilt.
  const runtime = await openRuntime(config, { role: 'cli', logger: createLogger(config.logLevel, 2) });
  try {
    const names = projection !== undefined ? [projection] : runtime.projections.map((p) => p.name);
    const { embeddedReadModels, embeddedSearch, eventStore } = runtime.adapters;
    // An embedded log with no event is most often the wrong directory (./data, from another
    // working directory, as audit says too): "rebuilt" would read as success.
    if (!config.eventStoreUrl && (await eventStore.headPosition()) === -1)
      throw new Error(`The event log in ${config.dataDir} holds no event: is FORGELOG_DATA_DIR the server's data directory? Nothing was rebuilt.`);
    const progress = progressStyle(process.stderr, names.length) === 'bars' ? barProgress(names) : plainProgress(names);
    const rebuildNamed = () =>
      runtime.runner.rebuild(names, ({ projection: name, position, headPosition }) => progress.update(name, position + 1, headPosition + 1));
    if (projection === undefined) {
      await dropInProcessModels(runtime);
      await rebuildNamed();
    } else if (embeddedReadModels) {
      // Rebuilt alone, a search index reads the live models of issues, repositories and users,
      // which only this process keeps (embedded): they are caught up with the log first (a
      // snapshot older than the log's head, or none, left them behind, and the index was
      // rebuilt from what they held). With MongoDB the worker keeps them.
      await runtime.runner.start();
      try {
        await rebuildNamed();
      } finally {
        await runtime.runner.stop();
      }
    } else await rebuildNamed();
    progress.stop();
    if (embeddedReadModels && embeddedSearch) await writeSnapshots(config, embeddedReadModels, embeddedSearch, await eventStore.headPosition());
    console.log(`rebuilt ${names.join(', ')}`);
  } finally {
    // The search projections read git through long-lived processes: ended, or they keep
    // this process alive until their idle timeout.
    await runtime.container.get<GitStorage>(TOKENS.GitStorage).close();
    await runtime.adapters.search.close();
    await runtime.adapters.readModels.close();
    await runtime.adapters.eventStore.close();
  }
}

// Every projection rebuilt: the models this process holds in memory (embedded) would only be
// replaced. Dropped first, the fresh ones are not built beside them (twice the memory, the
// projections rebuilt together in one pass); the snapshot on disk keeps them until the new
// one is written. Nothing outside this process reads them (the data directory is locked).
async function dropInProcessModels(runtime: Runtime): Promise<void> {
  const { embeddedReadModels, embeddedSearch } = runtime.adapters;
  for (const projection of runtime.projections) {
    for (const collection of projection.collections) await embeddedReadModels?.dropCollection(collection.name);
    for (const index of projection.searchIndexes ?? []) await embeddedSearch?.dropIndex(index.name);
  }
}

// Bars on a terminal tall enough to hold one per projection and the cursor's line (a shorter
// one scrolls at every redraw, and each redraw leaves a copy of the bars behind); lines
// otherwise, and where stderr is no terminal.
export function progressStyle(stderr: { readonly isTTY?: boolean; readonly rows?: number }, projections: number): 'bars' | 'lines' {
  return stderr.isTTY === true && projections < (stderr.rows ?? 24) ? 'bars' : 'lines';
}

interface RebuildProgress {
  update(name: string, done: number, total: number): void;
  stop(): void;
}

// On a terminal: one bar per projection, sized to the terminal's width.
function barProgress(names: readonly string[]): RebuildProgress {
  const nameWidth = Math.max(...names.map((name) => name.length));
  // name, brackets, percentage and the "value/total events" counts take about 40 columns
  const barsize = Math.max(10, Math.min(40, (process.stderr.columns ?? 80) - nameWidth - 40));
  const bars = new cliProgress.MultiBar(
    { format: '{name} [{bar}] {percentage}% | {value}/{total} events', hideCursor: true, barsize },
    cliProgress.Presets.shades_classic,
  );
  const barsByName = new Map(names.map((name) => [name, bars.create(1, 0, { name: name.padEnd(nameWidth) })]));
  // Per bar: the projections rebuilt together report at the same moments, and all their bars move.
  const lastDraw = new Map<string, number>();
  return {
    update(name, done, total) {
      if (done !== total && Date.now() - (lastDraw.get(name) ?? 0) < 100) return;
      lastDraw.set(name, Date.now());
      const bar = barsByName.get(name)!;
      bar.setTotal(total);
      bar.update(done);
    },
    stop: () => bars.stop(),
  };
}

// Not a terminal (a log file, CI): plain lines, one a second at most, and one when each
// projection is done. The projections rebuilt together move together: the line counts them.
function plainProgress(names: readonly string[]): RebuildProgress {
  let lastLine = 0;
  const finished = new Set<string>();
  const line = (label: string, done: number, total: number) =>
    process.stderr.write(`rebuilding ${label}: ${done}/${total} events (${Math.floor((done / Math.max(total, 1)) * 100)}%)\n`);
  return {
    update(name, done, total) {
      if (done === total) {
        if (finished.has(name)) return;
        finished.add(name);
        return line(name, done, total);
      }
      if (Date.now() - lastLine < 1000) return;
      lastLine = Date.now();
      const remaining = names.length - finished.size;
      line(remaining > 1 ? `${remaining} projections` : name, done, total);
    },
    stop() {},
  };
}
