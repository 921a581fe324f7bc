import type { Document, ReadModelStore } from './ports/readModelStore.port.js';

// What a deleted object looked like, kept for a while by the projection that owned it: a
// deletion's webhook payload shows the object (with the counters and dates only its read
// model had), and the fan-out may render it after the projection has removed the live
// document. Kept for DELETED_COPY_RETENTION_DAYS after the deletion, then pruned by the owning
// projection as later deletions pass.
export const DELETED_COPY_RETENTION_DAYS = 3;

export type DeletedKind = 'label' | 'milestone' | 'project' | 'project_column' | 'project_card' | 'repository';

// One collection per owning projection (a collection belongs to one projection).
export const DELETED_COPIES_COLLECTIONS = {
  label: 'issues_deleted',
  milestone: 'issues_deleted',
  project: 'projects_deleted',
  project_column: 'projects_deleted',
  project_card: 'projects_deleted',
  repository: 'repositories_deleted',
} as const satisfies Record<DeletedKind, string>;

export interface DeletedCopyDocument<T extends Document = Document> extends Document {
  _id: string; // <kind>:<id>
  kind: DeletedKind;
  document: T;
  deleted_at: string;
}

export const deletedCopyId = (kind: DeletedKind, id: number): string => `${kind}:${id}`;

export async function deletedCopy<T extends Document>(store: ReadModelStore, kind: DeletedKind, id: number): Promise<T | null> {
  const copy = await store.collection<DeletedCopyDocument<T>>(DELETED_COPIES_COLLECTIONS[kind]).findOne({ _id: deletedCopyId(kind, id) });
  return copy ? copy.document : null;
}
