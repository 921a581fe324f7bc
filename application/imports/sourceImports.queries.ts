import { inject, injectable } from 'inversify';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import {
  SOURCE_IMPORT_AUTHORS_COLLECTION,
  SOURCE_IMPORTS_COLLECTION,
  type SourceImportAuthorDocument,
  type SourceImportDocument,
} from './imports.readModel.js';

@injectable()
export class SourceImportQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  byRepository(repositoryId: number): Promise<SourceImportDocument | null> {
    return this.store.collection<SourceImportDocument>(SOURCE_IMPORTS_COLLECTION).findOne({ _id: String(repositoryId) });
  }

  // GitHub lists them all, by id; `since` keeps those after an id (the index's range scan).
  authors(repositoryId: number, since: number): Promise<SourceImportAuthorDocument[]> {
    return this.store
      .collection<SourceImportAuthorDocument>(SOURCE_IMPORT_AUTHORS_COLLECTION)
      .find({ repository_id: repositoryId, id: { $gt: since } }, { sort: { id: 1 } });
  }

  author(repositoryId: number, authorId: number): Promise<SourceImportAuthorDocument | null> {
    return this.store.collection<SourceImportAuthorDocument>(SOURCE_IMPORT_AUTHORS_COLLECTION).findOne({ _id: String(authorId), repository_id: repositoryId });
  }
}
