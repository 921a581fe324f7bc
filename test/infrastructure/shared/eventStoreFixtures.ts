import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { AppendResult, EventToAppend, StoredEvent } from '../../../application/shared/ports/eventStore.port.js';

// Unique per call, so the contract can run against a shared server.
export function uniqueStream(category = 'contract'): string {
  return `${category}-${randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

export function newEvents(count: number, type = 'ThingHappened'): EventToAppend[] {
  return Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    type,
    data: { index, title: `thing ${index}`, tags: ['a', 'b'], nested: { ok: true, at: null } },
    metadata: {
      schemaVersion: 1,
      actorId: 42,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: '2024-05-01T12:00:00.000Z',
      ip: '203.0.113.7',
      userAgent: 'contract-test/1.0',
    },
  }));
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

export function expectAppended(result: AppendResult): Extract<AppendResult, { outcome: 'appended' }> {
  if (result.outcome !== 'appended') expect.fail(`expected an append, got ${JSON.stringify(result)}`);
  return result;
}

export function idsOf(events: readonly { readonly id: string }[]): string[] {
  return events.map((event) => event.id);
}

export function revisionsOf(events: readonly StoredEvent[]): number[] {
  return events.map((event) => event.revision);
}

// Polls (never a fixed sleep) until the condition holds or the deadline passes.
export async function waitUntil(condition: () => boolean, what: string, deadlineMs = 15_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) expect.fail(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function expectStrictlyIncreasing(positions: readonly number[]): void {
  positions.forEach((position, i) => {
    if (i > 0) expect(position, `position ${i}`).to.be.greaterThan(positions[i - 1]!);
  });
}
