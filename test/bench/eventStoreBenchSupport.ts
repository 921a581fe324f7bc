import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { EventToAppend } from '../../application/shared/ports/eventStore.port.js';
import type { BenchRow } from './benchRow.js';

// A typical event: a project card moved, with the audit metadata every event carries.
export function benchEvent(n: number): EventToAppend {
  return {
    id: randomUUID(),
    type: 'ProjectCardMoved',
    data: { projectId: 7 + (n % 50), cardId: 1000 + n, columnId: 12, position: 'top', note: `Card ${n} moved by the bench` },
    metadata: {
      schemaVersion: 1,
      actorId: 42,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date(1_700_000_000_000 + n).toISOString(),
      ip: '203.0.113.7',
      userAgent: 'octokit-rest.js/20.1.0',
    },
  };
}

// Inputs built just before a timed run are collected first, so their promotion is not timed; exposed at
// run time so that the benches run with plain `node`.
setFlagsFromString('--expose-gc');
export const collectGarbage = runInNewContext('gc') as () => void;

export function perSecond(count: number, startedAt: bigint): number {
  return count / (Number(process.hrtime.bigint() - startedAt) / 1e9);
}

export function row(name: string, value: number, unit: string, baselineName: string, baseline: number, target?: number): BenchRow {
  const rounded = (x: number) => Math.round(x * 100) / 100;
  return { name, value: Math.round(value), unit, baselineName, baseline: Math.round(baseline), ratio: rounded(value / baseline), target };
}
