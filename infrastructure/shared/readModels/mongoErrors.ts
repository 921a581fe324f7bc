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

// A bulk write's refusals, but those of the _id index (a newer document holds the _id: the
// port's writeBatch skips them), as the port's error; nothing when that was all.
export function bulkRefusal(collection: string, error: unknown): unknown {
  if (!(error instanceof MongoBulkWriteError)) return error;
  const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  if (writeErrors.length === 0) return error;
  for (const writeError of writeErrors) {
    if (!DUPLICATE_KEY_CODES.has(writeError.code)) return error;
    const index = indexNameOf(writeError);
    if (index !== '_id_') return new DuplicateKeyError(collection, index);
  }
  return undefined;
}
