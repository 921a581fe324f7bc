import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { CreateUserHandler } from '../../application/accounts/createUser.handler.js';
import { systemContext } from '../../application/shared/commandContext.js';
import type { Projection } from '../../application/shared/projections/projection.js';
import { loadConfig } from '../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../infrastructure/shared/container/runtime.js';
import type { BenchRow } from './benchRow.js';

const WRITES = 150;
const SLOW_MS_PER_EVENT = 5;

// A stand-in for a fan-out feed or a search index: every event costs it a few milliseconds.
function slowProjection(consistency: 'eventual' | 'read-your-writes'): Projection {
  return {
    name: `slow-${consistency}`,
    version: 1,
    consistency,
    collections: [{ name: `slow_${consistency.replace(/-/g, '_')}` }],
    async apply(event, target) {
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS_PER_EVENT));
      await target.collection(`slow_${consistency.replace(/-/g, '_')}`).updateOne({ _id: 'seen' }, { $set: { last: event.position } }, { upsert: true });
    },
  };
}

// Median latency of creating a user (a command that answers once its read models show it).
async function medianWriteMs(extra: readonly Projection[]): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'forgelog-bench-ryw-'));
  const runtime = await openRuntime(loadConfig({ FORGELOG_DATA_DIR: dataDir, FORGELOG_LOG_LEVEL: 'silent' }), {
    role: 'serve',
    logger: pino({ level: 'silent' }),
    extraProjections: extra,
  });
  try {
    await runtime.start();
    const handler = runtime.container.get(CreateUserHandler);
    const latencies: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const started = performance.now();
      const created = await handler.execute({ login: `writer-${i}`, email: null }, systemContext(new Date()));
      if (created._tag !== 'Right') throw new Error(`create failed: ${JSON.stringify(created.left)}`);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    return latencies[Math.floor(latencies.length / 2)]!;
  } finally {
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Read-your-writes waits for the projections a command's answer needs, not for every one.
export async function benchReadYourWrites(): Promise<BenchRow[]> {
  const without = await medianWriteMs([]);
  const withEventual = await medianWriteMs([slowProjection('eventual')]);
  const withAwaited = await medianWriteMs([slowProjection('read-your-writes')]);
  return [
    {
      name: `write latency, a ${SLOW_MS_PER_EVENT} ms/event eventual projection registered (median; ratio = baseline/value)`,
      value: withEventual,
      unit: 'ms',
      baselineName: 'no slow projection',
      baseline: without,
      ratio: without / withEventual,
      target: 0.8,
    },
    {
      name: 'write latency if every command waited for that projection (as before)',
      value: withAwaited,
      unit: 'ms',
      baselineName: 'no slow projection',
      baseline: without,
      ratio: without / withAwaited,
    },
  ];
}
