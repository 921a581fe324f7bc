import {
  DELETED_COPIES_COLLECTIONS,
  DELETED_COPY_RETENTION_DAYS,
  deletedCopyId,
  type DeletedCopyDocument,
  type DeletedKind,
} from '../../application/shared/deletedCopies.js';
import type { Document } from '../../application/shared/ports/readModelStore.port.js';
import type { ProjectionCollection, ProjectionTarget } from '../../application/shared/projections/projection.js';

const DAY_MS = 86_400_000;

// Ordered by deletion time: the copies past the retention are read as a range from the oldest,
// not by testing every copy kept.
export const deletedCopiesCollection = (name: string): ProjectionCollection => ({
  name,
  indexes: [{ name: 'deleted_at_kind', keys: { deleted_at: 1, kind: 1, _id: 1 } }],
});

// Called with the live document before the projection removes it. Applied again after the
// removal, there is nothing to copy and the first copy stays. Copies older than the retention
// (by the deleting event's own time, so a replay prunes the same) go as this one comes.
export async function keepDeletedCopy(
  target: ProjectionTarget,
  kind: DeletedKind,
  document: (Document & { id: number }) | null,
  deletedAt: string,
): Promise<void> {
  const collection = target.collection<DeletedCopyDocument>(DELETED_COPIES_COLLECTIONS[kind]);
  const cutoff = new Date(Date.parse(deletedAt) - DELETED_COPY_RETENTION_DAYS * DAY_MS).toISOString();
  await collection.deleteMany({ deleted_at: { $lt: cutoff } });
  if (document === null) return;
  const { _position: _ignored, ...fields } = document as Document & { _position?: number };
  const _id = deletedCopyId(kind, document.id);
  await collection.replaceOne({ _id }, { _id, kind, document: fields, deleted_at: deletedAt }, { upsert: true });
}
