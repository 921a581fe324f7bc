import type { BatchWrite, DuplicateKeyError } from '../../../application/shared/ports/readModelStore.port.js';

// A write a unique index other than _id refused in one pass.
export interface Refusal {
  readonly write: BatchWrite;
  readonly error: DuplicateKeyError;
}

const isDeletion = (write: BatchWrite): boolean => 'delete' in write;

// A batch holds final states, in no order a store would respect (MongoDB's unordered
// bulkWrite runs its updates before its deletions): a deletion freeing a unique value goes
// first, and a replacement refused because another document of the batch still held its
// value is tried again once the others are written, for as long as that makes progress
// (a user renamed into the name another just left). What is still refused then is refused.
export async function writeInPasses(writes: readonly BatchWrite[], pass: (writes: readonly BatchWrite[]) => Promise<Refusal[]>): Promise<void> {
  const deletions = writes.filter(isDeletion);
  if (deletions.length > 0) await pass(deletions);
  let pending = writes.filter((write) => !isDeletion(write));
  while (pending.length > 0) {
    const refused = await pass(pending);
    if (refused.length === 0) return;
    if (refused.length === pending.length) throw refused[0]!.error;
    pending = refused.map((refusal) => refusal.write);
  }
}
