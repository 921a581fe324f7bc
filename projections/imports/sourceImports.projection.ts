import {
  SOURCE_IMPORT_AUTHORS_COLLECTION,
  SOURCE_IMPORTS_COLLECTION,
  type SourceImportAuthorDocument,
  type SourceImportDocument,
} from '../../application/imports/imports.readModel.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { ImportAuthor, SourceImportEvent } from '../../domain/imports/sourceImport.events.js';
import { SOURCE_IMPORT_EVENT_TYPES } from '../../domain/imports/sourceImport.events.js';

const imports = (target: ProjectionTarget) => target.collection<SourceImportDocument>(SOURCE_IMPORTS_COLLECTION);
const authors = (target: ProjectionTarget) => target.collection<SourceImportAuthorDocument>(SOURCE_IMPORT_AUTHORS_COLLECTION);

function authorDocument(repositoryId: number, author: ImportAuthor): SourceImportAuthorDocument {
  return {
    _id: String(author.id),
    id: author.id,
    repository_id: repositoryId,
    remote_id: author.remoteId,
    remote_name: author.remoteName,
    name: author.name,
    email: author.email,
  };
}

const freshProgress = {
  import_percent: null,
  commit_count: null,
  push_percent: null,
  large_files: [],
  authors_count: 0,
  failed_step: null,
  error_message: null,
  human_name: null,
  project_choices: [],
};

async function applyImportEvent(event: SourceImportEvent, target: ProjectionTarget): Promise<void> {
  const id = String(event.data.repositoryId);
  const set = (fields: Partial<SourceImportDocument>) => imports(target).updateOne({ _id: id }, { $set: fields });
  switch (event.type) {
    case 'ImportStarted':
    case 'ImportRestarted': {
      const { repositoryId, attempt, vcs, vcsUrl, tfvcProject } = event.data;
      const existing = await imports(target).findOne({ _id: id });
      await imports(target).replaceOne(
        { _id: id },
        {
          _id: id,
          repository_id: repositoryId,
          attempt,
          status: vcs === null || (event.type === 'ImportRestarted' && event.data.startsDetecting === true) ? 'detecting' : 'importing',
          vcs,
          vcs_url: vcsUrl,
          tfvc_project: tfvcProject,
          use_lfs: event.type === 'ImportRestarted' && existing ? existing.use_lfs : 'undecided',
          ...freshProgress,
        },
        { upsert: true },
      );
      await authors(target).deleteMany({ repository_id: repositoryId });
      return;
    }
    case 'ImportDetected':
      return void (await set({ vcs: event.data.vcs, status: 'importing' }));
    case 'ImportDetectionFailed':
      return void (await set({
        status: event.data.status,
        project_choices: event.data.projectChoices.map((choice) => ({
          vcs: choice.vcs,
          ...(choice.tfvcProject !== undefined ? { tfvc_project: choice.tfvcProject } : {}),
          human_name: choice.humanName,
        })),
      }));
    case 'ImportProgressed':
      return void (await set({ import_percent: event.data.percent, ...(event.data.commitCount !== null ? { commit_count: event.data.commitCount } : {}) }));
    case 'ImportFetched': {
      const { repositoryId, commitCount, largeFiles } = event.data;
      for (const author of event.data.authors)
        await authors(target).replaceOne({ _id: String(author.id) }, authorDocument(repositoryId, author), { upsert: true });
      return void (await set({
        status: 'mapping',
        import_percent: 100,
        commit_count: commitCount,
        authors_count: event.data.authors.length,
        large_files: largeFiles.map((file) => ({ ref_name: file.refName, path: file.path, oid: file.oid, size: file.size })),
      }));
    }
    case 'ImportAwaitingLfsChoice':
      return void (await set({ status: 'waiting_to_push' }));
    case 'ImportPushStarted':
      return void (await set({ status: 'pushing', push_percent: 0 }));
    case 'ImportPushProgressed':
      return void (await set({ push_percent: event.data.pushPercent }));
    case 'ImportCompleted':
      return void (await set({ status: 'complete', push_percent: 100 }));
    case 'ImportFailed': {
      const { status, failedStep, message, humanName } = event.data;
      return void (await set({ status, failed_step: failedStep, error_message: message, human_name: humanName }));
    }
    case 'ImportCancelled':
      await imports(target).deleteOne({ _id: id });
      await authors(target).deleteMany({ repository_id: event.data.repositoryId });
      return;
    case 'ImportAuthorMapped': {
      const { repositoryId, author } = event.data;
      return void (await authors(target).replaceOne({ _id: String(author.id) }, authorDocument(repositoryId, author), { upsert: true }));
    }
    case 'ImportLfsPreferenceSet':
      return void (await set({ use_lfs: event.data.useLfs }));
    case 'ImportRewriteStarted':
      return void (await set({ attempt: event.data.attempt, status: 'mapping', push_percent: null, failed_step: null, error_message: null, human_name: null }));
  }
}

// GET .../import and .../import/authors: one document per repository's import, one per author
// (paged by id, with `since`).
export const sourceImportsProjection: Projection = {
  name: 'source-imports',
  version: 1,
  collections: [
    { name: SOURCE_IMPORTS_COLLECTION },
    {
      name: SOURCE_IMPORT_AUTHORS_COLLECTION,
      indexes: [
        { name: 'repository_id_1_id_1', keys: { repository_id: 1, id: 1 } },
        // The authors after `since`: the walk starts there (the third field only makes it ordered).
        { name: 'repository_id_remote', keys: { repository_id: 1, id: 1, remote_id: 1 } },
      ],
    },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: SOURCE_IMPORT_EVENT_TYPES,
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    if (!SOURCE_IMPORT_EVENT_TYPES.has(event.type)) return;
    await applyImportEvent({ type: event.type, data: event.data } as SourceImportEvent, target);
  },
};
