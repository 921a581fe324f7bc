import cliProgress from 'cli-progress';
import type { Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../infrastructure/shared/container/runtime.js';
import { writeSnapshots } from '../../infrastructure/shared/container/snapshots.js';

// Rebuilds into fresh collections and indexes, then swaps. With the embedded family the
// data directory must not be in use (the event log's lock says so); the result is written
// as the snapshot the next start resumes from.
export async function rebuild(config: Config, projection: string | undefined): Promise<void> {
  const runtime = await openRuntime(config, { role: 'cli' });
  try {
    const names = projection ? [projection] : runtime.projections.map((p) => p.name);
    const unknown = names.filter((name) => !runtime.projections.some((p) => p.name === name));
    if (unknown.length > 0) throw new Error(`no projection named ${unknown.join(', ')}; known: ${runtime.projections.map((p) => p.name).join(', ')}`);
    const bars = new cliProgress.MultiBar({ format: '{name} [{bar}] {percentage}% | {value}/{total} events', hideCursor: true }, cliProgress.Presets.shades_classic);
    const barsByName = new Map(names.map((name) => [name, bars.create(1, 0, { name: name.padEnd(16) })]));
    let lastDraw = 0;
    await runtime.runner.rebuild(names, ({ projection: name, position, headPosition }) => {
      if (position !== headPosition && Date.now() - lastDraw < 100) return;
      lastDraw = Date.now();
      const bar = barsByName.get(name)!;
      bar.setTotal(headPosition + 1);
      bar.update(position + 1);
    });
    bars.stop();
    const { embeddedReadModels, embeddedSearch, eventStore } = runtime.adapters;
    if (embeddedReadModels && embeddedSearch) await writeSnapshots(config, embeddedReadModels, embeddedSearch, await eventStore.headPosition());
    console.log(`rebuilt ${names.join(', ')}`);
  } finally {
    await runtime.adapters.search.close();
    await runtime.adapters.readModels.close();
    await runtime.adapters.eventStore.close();
  }
}
