import { inject, injectable } from 'inversify';
import { isLeft, isRight, left, right, type Either } from 'fp-ts/lib/Either.js';
import { parseCommit, type ParsedCommit } from '../../domain/gitdata/gitObjectText.js';
import { submoduleUrlAt, symlinkTargetPath } from '../../domain/gitdata/repositoryPaths.js';
import { isValidRefName } from '../../domain/gitdata/refName.js';
import { isReadablePath, isValidTreePath, SYMLINK_MODE } from '../../domain/gitdata/treePath.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import type { AppError } from '../shared/appError.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { GitTreeEntry } from '../shared/ports/gitStorage.port.js';
import { resolveCommitish } from './commitish.js';
import { GitObjectsService, type SignatureInput } from './gitObjects.service.js';
import { GitRefsService } from './gitRefs.service.js';
import { GitRepository } from './gitRepository.js';
import { buildTree } from './treeBuilder.js';
import { treeLevel } from './treeLevel.js';

export interface ContentEntry {
  readonly name: string;
  readonly path: string;
  readonly sha: string;
  readonly size: number;
  readonly type: 'file' | 'dir' | 'symlink' | 'submodule';
  readonly content?: Uint8Array; // files and symlinks read one by one
  readonly submoduleUrl?: string | null; // a submodule read alone: its url in .gitmodules
}

export type ContentView =
  | { readonly kind: 'entry'; readonly ref: string; readonly entry: ContentEntry }
  | { readonly kind: 'directory'; readonly ref: string; readonly directory: ContentEntry; readonly entries: ContentEntry[] };

export interface FileChange {
  readonly message: string;
  readonly content?: Uint8Array; // absent: delete
  readonly sha?: string;
  readonly branch?: string;
  readonly author?: SignatureInput;
  readonly committer?: SignatureInput;
}

export interface FileCommitted {
  readonly created: boolean;
  readonly branch: string;
  readonly content: ContentEntry | null;
  readonly commit: { readonly sha: string; readonly commit: ParsedCommit };
}

const refused = (message: string): AppError => ({ _tag: 'GitDataRefused', message });
// GitHub's words, which clients compare whole to tell "the file exists" from other refusals.
const SHA_NOT_SUPPLIED = 'Invalid request.\n\n"sha" wasn\'t supplied.';
// GitHub lists at most 1,000 entries of a directory (no paging, no sign of the cut): the Git
// Trees API reads the rest.
const MAX_DIRECTORY_ENTRIES = 1000;
// As Linux's limit on symlinks followed in one lookup.
const MAX_SYMLINK_HOPS = 40;

// The root (''), or a path git's fsck would accept in a tree (no `.git` look-alike).
export const isContentPath = (path: string): boolean => path === '' || isValidTreePath(path);

// A PUT writes a file only: a directory or submodule at the path, or a file or submodule on
// the way to it, would be replaced (its contents deleted) or the change lost; refused instead.
function notAFile(path: string, found: GitTreeEntry | undefined, entries: readonly GitTreeEntry[]): string | null {
  if (found?.type === 'tree') return `path ${JSON.stringify(path)} is a directory, not a file`;
  if (found?.type === 'commit') return `path ${JSON.stringify(path)} is a submodule, not a file`;
  const blocker = entries.find((entry) => entry.type !== 'tree' && path.startsWith(`${entry.path}/`));
  if (!blocker) return null;
  return `path ${JSON.stringify(path)} is under ${JSON.stringify(blocker.path)}, which is ${blocker.type === 'commit' ? 'a submodule' : 'a file'}, not a directory`;
}

function kindOf(entry: GitTreeEntry): ContentEntry['type'] {
  if (entry.type === 'tree') return 'dir';
  if (entry.type === 'commit') return 'submodule';
  return entry.mode === SYMLINK_MODE ? 'symlink' : 'file';
}

// GET, PUT and DELETE of /repos/{owner}/{repo}/contents/{path}: files read from a branch's
// tree; a change is a commit written with plumbing on the branch's tip, then the branch moved
// through the log as any ref move (compare-and-swap: a change racing another gets 409).
@injectable()
export class RepositoryContents {
  constructor(
    @inject(GitRepository) private readonly repositories: GitRepository,
    @inject(GitObjectsService) private readonly objects: GitObjectsService,
    @inject(GitRefsService) private readonly refs: GitRefsService,
  ) {}

  async get(repository: RepositoryDocument, path: string, ref: string | undefined): Promise<Either<AppError, ContentView>> {
    if (path !== '' && !isReadablePath(path)) return left({ _tag: 'GitObjectNotFound' });
    // An empty repository stays GitRepositoryEmpty: GitHub answers it 404 "This repository is empty."
    const id = await this.repositories.forReading(repository);
    return isLeft(id) ? id : this.readIn(id.right, path, ref ?? repository.default_branch);
  }

  // A repository with commits, or not found (an empty one has no contents to show).
  private async forReading(repository: RepositoryDocument): Promise<Either<AppError, number>> {
    const id = await this.repositories.forReading(repository);
    return isLeft(id) && id.left._tag === 'GitRepositoryEmpty' ? left({ _tag: 'GitObjectNotFound' }) : id;
  }

  private async readIn(repositoryId: number, path: string, ref: string): Promise<Either<AppError, ContentView>> {
    const tip = await resolveCommitish(this.repositories.git, repositoryId, ref);
    if (tip === null) return left({ _tag: 'GitCommitNotFound', ref });
    const root = await this.treeOf(repositoryId, tip);
    if (root === null) return left({ _tag: 'RepositoryNotFound' });
    const found = await this.lookUp(repositoryId, root, path);
    if (!found) return left({ _tag: 'GitObjectNotFound' });
    const shown = found.mode === SYMLINK_MODE ? ((await this.symlinkTarget(repositoryId, root, path, found)) ?? { path, found }) : { path, found };
    return right(await this.viewOf(repositoryId, root, ref, shown.path, shown.found));
  }

  // A file's bytes at `<ref>/<path>`, as download_url names them. The ref may hold slashes
  // (feature/x): the candidates are the names of the refs the whole starts with (full, without
  // `refs/`, a branch's or tag's short name; one look-up of the names each cut at a slash could
  // be, not a listing of every ref), longest first, then the first segment (HEAD, a SHA); each
  // is read until one names a file. Trying every cut had cost three git processes per segment
  // of the URL.
  async download(repository: RepositoryDocument, refAndPath: string): Promise<Either<AppError, Uint8Array>> {
    const id = await this.forReading(repository);
    if (isLeft(id)) return id;
    const candidates = new Set<string>();
    const cuts = [...refAndPath.matchAll(/\//g)].map((slash) => refAndPath.slice(0, slash.index));
    const names = cuts.flatMap((cut) => [cut, `refs/${cut}`, `refs/heads/${cut}`, `refs/tags/${cut}`]).filter((name) => name.startsWith('refs/'));
    for (const { name } of await this.repositories.git.refsNamed(id.right, names)) {
      for (const candidate of [name, name.slice('refs/'.length), name.replace(/^refs\/(heads|tags)\//, '')]) {
        if (refAndPath.startsWith(`${candidate}/`)) candidates.add(candidate);
      }
    }
    if (refAndPath.includes('/')) candidates.add(refAndPath.slice(0, refAndPath.indexOf('/')));
    for (const ref of [...candidates].sort((a, b) => b.length - a.length)) {
      const path = refAndPath.slice(ref.length + 1);
      if (!isReadablePath(path)) continue;
      const read = await this.readIn(id.right, path, ref);
      // A candidate naming no commit, or no file at it: the next candidate may.
      if (isLeft(read) && read.left._tag !== 'GitObjectNotFound' && read.left._tag !== 'GitCommitNotFound') return read;
      if (isRight(read) && read.right.kind === 'entry' && read.right.entry.content !== undefined) return right(read.right.entry.content);
    }
    return left({ _tag: 'GitObjectNotFound' });
  }

  private async viewOf(repositoryId: number, root: string, ref: string, path: string, found: GitTreeEntry): Promise<ContentView> {
    if (found.type === 'commit')
      return { kind: 'entry', ref, entry: { ...this.entryAt(path, found), submoduleUrl: await this.submoduleUrl(repositoryId, root, path) } };
    if (found.type === 'tree') {
      const listed = (await this.repositories.git.readTree(repositoryId, found.sha, false)) ?? [];
      const shown = listed.slice(0, MAX_DIRECTORY_ENTRIES);
      return { kind: 'directory', ref, directory: this.entryAt(path, found), entries: shown.map((entry) => this.entryOf(path, entry)) };
    }
    const blob = found.type === 'blob' ? await this.repositories.git.readObject(repositoryId, found.sha) : null;
    return { kind: 'entry', ref, entry: { ...this.entryAt(path, found), ...(blob ? { content: blob.content, size: blob.content.length } : {}) } };
  }

  // The url `.gitmodules` gives the submodule at `path`, at the same commit.
  private async submoduleUrl(repositoryId: number, root: string, path: string): Promise<string | null> {
    const file = await this.lookUp(repositoryId, root, '.gitmodules');
    const blob = file?.type === 'blob' ? await this.repositories.git.readObject(repositoryId, file.sha) : null;
    return blob ? submoduleUrlAt(Buffer.from(blob.content).toString('utf8'), path) : null;
  }

  // GitHub: a symlink to a file in the repository answers that file, one to a directory its
  // listing (through symlinks to symlinks); null, for the symlink itself, when it leads
  // outside the repository, nowhere or to a submodule.
  private async symlinkTarget(repositoryId: number, root: string, path: string, link: GitTreeEntry): Promise<{ path: string; found: GitTreeEntry } | null> {
    let current = { path, found: link };
    for (let hops = 0; hops < MAX_SYMLINK_HOPS && current.found.mode === SYMLINK_MODE; hops++) {
      const blob = await this.repositories.git.readObject(repositoryId, current.found.sha);
      const targetPath = blob ? symlinkTargetPath(current.path, Buffer.from(blob.content).toString('utf8')) : null;
      const target = targetPath === null ? null : await this.lookUp(repositoryId, root, targetPath);
      if (targetPath === null || target === null || target.type === 'commit') return null;
      current = { path: targetPath, found: target };
    }
    return current.found.mode === SYMLINK_MODE ? null : current;
  }

  async change(
    caller: NonNullable<AccessCaller>,
    repository: RepositoryDocument,
    path: string,
    change: FileChange,
    now: Date,
    context: CommandContext,
  ): Promise<Either<AppError, FileCommitted>> {
    // A deletion may name what a tree already holds; a write only a name git's fsck accepts.
    const pathOk = change.content === undefined ? isReadablePath(path) : isContentPath(path);
    if (path === '' || !pathOk) return left(refused('path is not a valid file path'));
    const id = await this.repositories.forWriting(caller, repository, { allowEmpty: true });
    if (isLeft(id)) return id;
    const git = this.repositories.git;
    const branch = change.branch ?? repository.default_branch;
    const ref = `refs/heads/${branch}`;
    // Before anything is written: an empty repository's first commit would make this branch.
    if (!isValidRefName(ref)) return left(refused(`${JSON.stringify(branch)} is not a valid branch name`));
    const tip = await git.readRef(id.right, ref);
    const empty = !(await git.hasRefs(id.right));
    if (tip === null && !empty) return left({ _tag: 'GitObjectNotFound' });
    const baseTree = tip === null ? null : await this.treeOf(id.right, tip);
    if (tip !== null && baseTree === null) return left({ _tag: 'RepositoryNotFound' });
    const baseEntries = baseTree === null ? [] : ((await git.readTree(id.right, baseTree, true)) ?? []);
    const found = baseEntries.find((entry) => entry.path === path);
    const notFile = change.content === undefined ? null : notAFile(path, found, baseEntries);
    if (notFile) return left(refused(notFile));
    const existing = found?.type === 'blob' ? found : undefined;
    if (change.content === undefined) {
      if (!existing) return left({ _tag: 'GitObjectNotFound' });
      if (change.sha === undefined) return left(refused(SHA_NOT_SUPPLIED));
    }
    if (existing && change.sha === undefined) return left(refused(SHA_NOT_SUPPLIED));
    if (existing && change.sha !== existing.sha) return left({ _tag: 'GitDataConflict', message: `${path} does not match ${change.sha}` });
    const built = await buildTree(git, id.right, baseEntries, [
      change.content === undefined
        ? { path, mode: '100644', type: 'blob', sha: null }
        : { path, mode: existing?.mode ?? '100644', type: 'blob', sha: await git.writeBlob(id.right, change.content) },
    ]);
    if (isLeft(built)) return left(refused(built.left));
    const commit = await this.objects.writeCommitFor(
      caller,
      id.right,
      {
        message: change.message,
        tree: built.right,
        parents: tip === null ? [] : [tip],
        // GitHub's contents defaults: the author is the committer, the committer the caller.
        ...((change.author ?? change.committer) ? { author: change.author ?? change.committer } : {}),
        ...(change.committer ? { committer: change.committer } : {}),
        committerByDefault: 'caller',
      },
      now,
    );
    if (isLeft(commit)) return commit;
    const recorded = await this.refs.recordMove(id.right, ref, tip, commit.right.sha, context);
    if (recorded === 'changed') return left({ _tag: 'GitDataConflict', message: `${branch} was changed by another request; try again` });
    if (recorded === 'refused') return left({ _tag: 'GitDataConflict', message: `${branch} could not be updated: git refused the new commit` });
    const written = change.content === undefined ? null : (await git.readTree(id.right, built.right, true))?.find((entry) => entry.path === path);
    return right({
      created: !existing && change.content !== undefined,
      branch,
      content: written ? this.entryAt(path, written) : null,
      commit: commit.right,
    });
  }

  // An entry listed in `directory` (its path relative to the tree listed).
  private entryOf(directory: string, entry: GitTreeEntry): ContentEntry {
    return this.entryAt(directory === '' ? entry.path : `${directory}/${entry.path}`, entry);
  }

  private entryAt(path: string, entry: GitTreeEntry): ContentEntry {
    return { name: path.slice(path.lastIndexOf('/') + 1), path, sha: entry.sha, size: entry.size ?? 0, type: kindOf(entry) };
  }

  // null: the commit a ref named a moment ago is not there, the repository deleted meanwhile.
  private async treeOf(repositoryId: number, commitSha: string): Promise<string | null> {
    const object = await this.repositories.git.readObject(repositoryId, commitSha);
    if (object?.type === 'tag') return this.treeOf(repositoryId, Buffer.from(object.content).toString('utf8').split('\n')[0]!.slice('object '.length));
    return object ? parseCommit(Buffer.from(object.content).toString('utf8')).tree : null;
  }

  // The entry at `path` under the tree, one level at a time (root: the tree itself), each tree
  // read through the repository's long-lived cat-file: a process per level (ls-tree) made a
  // path thousands of directories deep cost minutes.
  private async lookUp(repositoryId: number, tree: string, path: string): Promise<GitTreeEntry | null> {
    let current: GitTreeEntry = { mode: '040000', type: 'tree', sha: tree, path: '' };
    if (path === '') return current;
    for (const part of path.split('/')) {
      if (current.type !== 'tree') return null;
      const next = (await treeLevel(this.repositories.git, repositoryId, current.sha)).find((entry) => entry.path === part);
      if (!next) return null;
      current = next;
    }
    return current;
  }
}
