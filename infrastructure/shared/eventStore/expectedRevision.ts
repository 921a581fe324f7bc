import type { AppendResult, ExpectedRevision } from '../../../application/shared/ports/eventStore.port.js';

// lastRevision is -1 for a stream that does not exist.
export function revisionConflict(streamId: string, expected: ExpectedRevision, lastRevision: number): AppendResult | undefined {
  const exists = lastRevision >= 0;
  const satisfied = expected === 'any' || (expected === 'no_stream' && !exists) || (expected === 'stream_exists' && exists) || expected === lastRevision;
  if (satisfied) return undefined;
  return { outcome: 'conflict', streamId, expected, actual: exists ? lastRevision : 'no_stream' };
}

// A malformed expectation is a programming error, not a conflict.
export function assertValidExpectedRevision(expected: ExpectedRevision): void {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`Expected revision must be a non-negative integer, got ${expected}`);
  }
}
