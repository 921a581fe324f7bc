import type { Document } from '../shared/ports/readModelStore.port.js';
import type { ImportStatus } from '../../domain/imports/sourceImport.decider.js';
import type { LfsPreference, Vcs } from '../../domain/imports/sourceImport.events.js';

// A repository's source import as GET .../import shows it (projections/imports/sourceImports.projection.ts).
export const SOURCE_IMPORTS_COLLECTION = 'source_imports';
export const SOURCE_IMPORT_AUTHORS_COLLECTION = 'source_import_authors';

export interface SourceImportDocument extends Document {
  _id: string; // the repository id
  repository_id: number;
  attempt: number;
  status: ImportStatus;
  vcs: Vcs | null;
  vcs_url: string;
  tfvc_project: string | null;
  use_lfs: LfsPreference;
  import_percent: number | null;
  commit_count: number | null;
  push_percent: number | null;
  large_files: { ref_name: string; path: string; oid: string; size: number }[];
  authors_count: number;
  failed_step: string | null;
  error_message: string | null;
  human_name: string | null;
  project_choices: { vcs: Vcs; tfvc_project?: string; human_name: string }[];
}

export interface SourceImportAuthorDocument extends Document {
  _id: string; // the author id
  id: number;
  repository_id: number;
  remote_id: string;
  remote_name: string;
  name: string;
  email: string;
}
