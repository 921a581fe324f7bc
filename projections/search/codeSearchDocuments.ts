import { createHash } from 'node:crypto';
import { trigramWordsOf } from '../../domain/search/codeTrigrams.js';
import { codePathOf } from '../../application/search/codeFiles.js';
import { CODE_SEARCH_MAX_FILE_BYTES, type CodeSearchDocument } from '../../application/search/codeSearch.js';
import { SEARCH_INDEXES } from '../../application/search/searchIndexes.js';
import type { RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import type { FileChange, GitStorage } from '../../application/shared/ports/gitStorage.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';

// Files are read, and their documents written, this many at a time: memory stays bounded
// whatever a push holds.
const WRITE_BATCH = 50;
// Regular files only: symbolic links and submodules are not code.
const FILE_MODES: ReadonlySet<string> = new Set(['100644', '100755']);

export function codeDocumentId(repositoryId: number, path: string): string {
  return `${repositoryId}-${createHash('sha1').update(path).digest('hex')}`;
}

// git's name for a blob, for a file known from an event rather than read from git.
export function blobSha(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

export interface IndexedVersion {
  readonly commit: string; // what URLs name as the ref: a commit, or the branch before one is known
  readonly indexed: number;
}

// What GitHub leaves out: large files and binary ones (a NUL byte in the first 8,000 bytes, as git decides).
export function isSearchable(content: Buffer): boolean {
  return content.length < CODE_SEARCH_MAX_FILE_BYTES && !content.subarray(0, 8000).includes(0);
}

export function codeDocument(repository: RepositoryDocument, path: string, content: Buffer, sha: string, version: IndexedVersion): CodeSearchDocument {
  const text = content.toString('utf8');
  const codePath = codePathOf(path);
  return {
    id: codeDocumentId(repository.id, path),
    repository_id: repository.id,
    owner_id: repository.owner_id,
    public: !repository.private,
    path,
    filename: codePath.filename,
    basename: codePath.basename,
    extension: codePath.extension,
    directory: codePath.directory,
    directories: codePath.directories,
    language: codePath.language ?? '',
    size: content.length,
    sha,
    commit: version.commit,
    indexed: version.indexed,
    content: text,
    trigrams: trigramWordsOf(text).join(' '),
    path_trigrams: trigramWordsOf(path).join(' '),
  };
}

const indexOf = (target: ProjectionTarget) => target.searchIndexName(SEARCH_INDEXES.code);

// Applies one diff: each changed file's document written again from its new blob, or deleted
// when the file went, grew past 384 KB, or is not text.
export async function applyFileChanges(
  target: ProjectionTarget,
  git: GitStorage,
  repository: RepositoryDocument,
  changes: readonly FileChange[],
  version: IndexedVersion,
): Promise<void> {
  const index = indexOf(target);
  for (let start = 0; start < changes.length; start += WRITE_BATCH) {
    const upserts: CodeSearchDocument[] = [];
    const deletions: string[] = [];
    for (const change of changes.slice(start, start + WRITE_BATCH)) {
      const readable = change.sha !== null && FILE_MODES.has(change.mode) && change.size !== null && change.size < CODE_SEARCH_MAX_FILE_BYTES;
      const blob = readable ? await git.readObject(repository.id, change.sha!) : null;
      const content = blob?.type === 'blob' ? Buffer.from(blob.content) : null;
      if (content !== null && isSearchable(content)) upserts.push(codeDocument(repository, change.path, content, change.sha!, version));
      else deletions.push(codeDocumentId(repository.id, change.path));
    }
    await target.search.delete(index, deletions);
    await target.search.upsert(index, upserts);
  }
}

// Every document of one repository, a page at a time (visibility changes, reindexing, deletion).
export async function* repositoryDocuments(target: ProjectionTarget, repositoryId: number): AsyncGenerator<CodeSearchDocument[]> {
  const index = indexOf(target);
  for (let offset = 0; ; offset += WRITE_BATCH) {
    const page = await target.search.search<CodeSearchDocument>(index, {
      q: '',
      filter: { field: 'repository_id', op: '=', value: repositoryId },
      sort: [{ field: 'id', direction: 'asc' }],
      offset,
      limit: WRITE_BATCH,
    });
    if (page.hits.length > 0) yield page.hits.map((hit) => hit.document);
    if (page.hits.length < WRITE_BATCH) return;
  }
}

export async function deleteRepositoryDocuments(target: ProjectionTarget, repositoryId: number, keep: ReadonlySet<string> = new Set()): Promise<void> {
  const doomed: string[] = [];
  for await (const page of repositoryDocuments(target, repositoryId)) doomed.push(...page.map((document) => document.id).filter((id) => !keep.has(id)));
  await target.search.delete(indexOf(target), doomed);
}

// A repository's visibility or owner changed: its documents carry the new ones.
export async function restampRepositoryDocuments(target: ProjectionTarget, repository: RepositoryDocument): Promise<void> {
  // Writing a page changes no document's place in the order: paging goes on over the same set.
  for await (const page of repositoryDocuments(target, repository.id)) {
    const changed = page.filter((document) => document.public !== !repository.private || document.owner_id !== repository.owner_id);
    await target.search.upsert(
      indexOf(target),
      changed.map((document) => ({ ...document, public: !repository.private, owner_id: repository.owner_id })),
    );
  }
}
