import type { SourceImportAuthorDocument, SourceImportDocument } from '../../../application/imports/imports.readModel.js';
import type { ImportStatus } from '../../../domain/imports/sourceImport.decider.js';
import type { ApiUrls } from '../shared/apiUrls.js';

// GitHub's status_text for each state; error states carry their message instead.
const STATUS_TEXT: Partial<Record<ImportStatus, string>> = {
  detecting: 'Detecting source control',
  importing: 'Importing...',
  mapping: 'Rewriting history',
  waiting_to_push: 'Waiting for a choice about large files',
  pushing: 'Pushing...',
  complete: 'Done',
  auth_failed: 'Authentication failed',
  detection_needs_auth: 'Authentication is needed to detect the source control',
  detection_found_nothing: 'No source control was found at the URL',
  detection_found_multiple: 'Several projects were found at the URL: choose one',
};

// GitHub's Import: every key of its schema (the svn keys hold the address for a Subversion
// import and are empty otherwise; tfvc_project likewise).
export function importJson(doc: SourceImportDocument, fullName: string, urls: ApiUrls) {
  const largeFilesSize = doc.large_files.reduce((sum, file) => sum + file.size, 0);
  const statusText = doc.status === 'error' ? (doc.error_message ?? 'Error') : (STATUS_TEXT[doc.status] ?? null);
  const svnRoot = doc.vcs === 'subversion' ? doc.vcs_url : '';
  return {
    vcs: doc.vcs,
    use_lfs: doc.use_lfs,
    vcs_url: doc.vcs_url,
    svc_root: svnRoot,
    svn_root: svnRoot,
    tfvc_project: doc.tfvc_project ?? '',
    status: doc.status,
    status_text: statusText,
    failed_step: doc.failed_step,
    error_message: doc.error_message,
    import_percent: doc.import_percent,
    // GitHub's docs call the fetch's progress `percent` and their example answers carry it; its
    // schema names it import_percent: both, so clients of either find it.
    percent: doc.import_percent,
    commit_count: doc.commit_count,
    push_percent: doc.push_percent,
    has_large_files: doc.large_files.length > 0,
    large_files_size: largeFilesSize,
    large_files_count: doc.large_files.length,
    project_choices: doc.project_choices,
    message: doc.error_message ?? statusText ?? '',
    authors_count: doc.authors_count,
    url: urls.api(`/repos/${fullName}/import`),
    html_url: urls.html(`/${fullName}/import`),
    authors_url: urls.api(`/repos/${fullName}/import/authors`),
    repository_url: urls.api(`/repos/${fullName}`),
    // Not in GitHub's schema's properties but in its error answers: which step, in words.
    ...(doc.human_name !== null ? { human_name: doc.human_name } : {}),
  };
}

export function porterAuthorJson(author: SourceImportAuthorDocument, fullName: string, urls: ApiUrls) {
  return {
    id: author.id,
    remote_id: author.remote_id,
    remote_name: author.remote_name,
    email: author.email,
    name: author.name,
    url: urls.api(`/repos/${fullName}/import/authors/${author.id}`),
    import_url: urls.api(`/repos/${fullName}/import`),
  };
}

export function largeFileJson(file: SourceImportDocument['large_files'][number]) {
  return { ref_name: file.ref_name, path: file.path, oid: file.oid, size: file.size };
}
