import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import { DuplicateKeyError } from '../../../application/shared/ports/readModelStore.port.js';

const DUPLICATE_KEY_CODES = new Set([11000, 11001]);

// The server names the index only inside its message: "E11000 duplicate key error collection:
// db.users index: login_lower_1 dup key: { ... }".
function indexNameOf(error: { errmsg?: string; message?: string }): string {
  const text = String(error.errmsg ?? error.message);
  return /index: (\S+)/.exec(text)?.[1] ?? 'unknown';
}

export function isDuplicateKey(error: unknown): error is MongoServerError {
  return error instanceof MongoServerError && DUPLICATE_KEY_CODES.has(Number(error.code));
}

// Duplicate keys become the port's DuplicateKeyError; every other fault propagates unchanged.
export async function translatingErrors<R>(collection: string, operation: () => Promise<R>): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    if (isDuplicateKey(error)) throw new DuplicateKeyError(collection, indexNameOf(error));
    throw error;
  }
}

// A bulk write's refusals by unique indexes other than _id, by the operation's index in the
// batch (a refusal by _id is a newer document holding it: the port's writeBatch skips it).
// Anything else, a write concern error included, is thrown as it is.
export function bulkRefusals(collection: string, error: unknown): { index: number; error: DuplicateKeyError }[] {
  if (!(error instanceof MongoBulkWriteError) || error.result.getWriteConcernError() !== undefined) throw error;
  const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  if (writeErrors.length === 0) throw error;
  const refusals: { index: number; error: DuplicateKeyError }[] = [];
  for (const writeError of writeErrors) {
    if (!DUPLICATE_KEY_CODES.has(writeError.code)) throw error;
    const index = indexNameOf(writeError);
    if (index !== '_id_') refusals.push({ index: writeError.index, error: new DuplicateKeyError(collection, index) });
  }
  return refusals;
}
