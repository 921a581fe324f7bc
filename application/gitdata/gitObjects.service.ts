import { headSha } from './commitish.js';
import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import {
  commitObjectText,
  isArmoredSignature,
  isIdentName,
  isSignatureText,
  parseCommit,
  parseTag,
  type GitSignature,
  type ParsedCommit,
  type ParsedTag,
} from '../../domain/gitdata/gitObjectText.js';
import { parseGitDate } from '../../domain/gitdata/gitDate.js';
import { isValidRefName, SHA_PATTERN } from '../../domain/gitdata/refName.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { AppError } from '../shared/appError.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommitIdentity, GitObjectType, GitTreeEntry, NewCommit } from '../shared/ports/gitStorage.port.js';
import { buildTree, type TreeChange } from './treeBuilder.js';
import { GitRepository } from './gitRepository.js';
import { commitEmailOf } from '../../domain/accounts/commitEmail.js';

export interface SignatureInput {
  readonly name: string;
  readonly email: string;
  readonly date?: string;
}

export interface NewCommitInput {
  readonly message: string;
  readonly tree: string;
  readonly parents: readonly string[];
  readonly author?: SignatureInput;
  readonly committer?: SignatureInput;
  readonly signature?: string;
  // Who commits when no committer is given: git/commits' author, or (contents writes, as
  // GitHub documents them) the authenticated user.
  readonly committerByDefault?: 'author' | 'caller';
}

export interface NewTagInput {
  readonly tag: string;
  readonly message: string;
  readonly object: string;
  readonly type: GitObjectType;
  readonly tagger?: SignatureInput;
}

export interface BlobView {
  readonly sha: string;
  readonly size: number;
  readonly content: Uint8Array;
}

export interface TreeView {
  readonly sha: string;
  readonly entries: readonly GitTreeEntry[];
  readonly truncated: boolean;
}

// How many tags of tags a tree look-up peels before giving up.
const MAX_TAG_DEPTH = 16;

// GitHub stops listing a tree here and says the list is truncated: 100,000 entries, and
// "a maximum size of 7 MB when using the recursive parameter".
export const TREE_ENTRY_LIMIT = 100_000;
const RECURSIVE_TREE_BYTES = 7 * 1024 * 1024;

// The size of an entry as git's `ls-tree -l -z` writes it (mode, type, object, size padded to
// seven, path), which is what the 7 MB of a recursive listing counts here.
function listedBytes(entry: GitTreeEntry): number {
  const size = entry.size === undefined ? 1 : String(entry.size).length;
  return entry.mode.length + entry.type.length + 40 + Math.max(7, size) + Buffer.byteLength(entry.path) + 5;
}

// How many of the entries a listing shows: all of them, or those before the limits.
function shownCount(entries: readonly GitTreeEntry[], recursive: boolean): number {
  const limit = Math.min(entries.length, TREE_ENTRY_LIMIT);
  if (!recursive) return limit;
  let bytes = 0;
  for (let i = 0; i < limit; i++) {
    bytes += listedBytes(entries[i]!);
    if (bytes > RECURSIVE_TREE_BYTES) return i;
  }
  return limit;
}

const refused = (message: string): AppError => ({ _tag: 'GitDataRefused', message });
const NOT_A_TREE = Symbol('not a tree');

// Blobs, trees, commits and tags: every object written with git's plumbing into the
// repository's bare directory, so its SHA is the one git gives for the same content.
@injectable()
export class GitObjectsService {
  constructor(
    @inject(GitRepository) private readonly repositories: GitRepository,
    @inject(RepositoryQueries) private readonly queries: RepositoryQueries,
  ) {}

  // Each write answers 404 when a deletion of its repository overtook it (GitRepository.whileThere).
  createBlob(caller: AccessCaller, repository: RepositoryDocument, content: Uint8Array): Promise<Either<AppError, { sha: string }>> {
    return this.repositories.whileThere(repository.id, () => this.writeBlob(caller, repository, content));
  }

  createTree(
    caller: AccessCaller,
    repository: RepositoryDocument,
    baseTree: string | undefined,
    changes: readonly TreeChange[],
  ): Promise<Either<AppError, TreeView>> {
    return this.repositories.whileThere(repository.id, () => this.writeTree(caller, repository, baseTree, changes));
  }

  createCommit(
    caller: NonNullable<AccessCaller>,
    repository: RepositoryDocument,
    input: NewCommitInput,
    now: Date,
  ): Promise<Either<AppError, { sha: string; commit: ParsedCommit }>> {
    return this.repositories.whileThere(repository.id, () => this.writeCommit(caller, repository, input, now));
  }

  createTag(
    caller: NonNullable<AccessCaller>,
    repository: RepositoryDocument,
    input: NewTagInput,
    now: Date,
  ): Promise<Either<AppError, { sha: string; tag: ParsedTag }>> {
    return this.repositories.whileThere(repository.id, () => this.writeTag(caller, repository, input, now));
  }

  private async writeBlob(caller: AccessCaller, repository: RepositoryDocument, content: Uint8Array): Promise<Either<AppError, { sha: string }>> {
    const id = await this.repositories.forWriting(caller, repository);
    if (isLeft(id)) return id;
    return right({ sha: await this.repositories.git.writeBlob(id.right, content) });
  }

  async blob(repository: RepositoryDocument, sha: string): Promise<Either<AppError, BlobView>> {
    const id = await this.repositories.forReading(repository);
    if (isLeft(id)) return id;
    const object = await this.repositories.git.readObject(id.right, sha);
    if (!object || object.type !== 'blob') return left({ _tag: 'GitObjectNotFound' });
    return right({ sha, size: object.content.length, content: object.content });
  }

  private async writeTree(
    caller: AccessCaller,
    repository: RepositoryDocument,
    baseTree: string | undefined,
    changes: readonly TreeChange[],
  ): Promise<Either<AppError, TreeView>> {
    const id = await this.repositories.forWriting(caller, repository);
    if (isLeft(id)) return id;
    // GitHub's answer to a request with no entries (an empty tree is never written through it).
    if (changes.length === 0) return left(refused('Invalid tree info'));
    const git = this.repositories.git;
    let base: GitTreeEntry[] = [];
    if (baseTree !== undefined) {
      const listed = await git.readTree(id.right, baseTree, true);
      // GitHub's words for a base_tree that names no tree (a commit's SHA included).
      if (!listed) return left(refused('base_tree is not a valid tree oid'));
      base = listed;
    }
    const built = await buildTree(git, id.right, base, changes);
    if (isLeft(built)) return left(refused(built.left));
    // The tree is written, but GitHub answers 404 for one left empty (the last file removed),
    // as it never serves the empty tree.
    return this.tree(repository, built.right, false);
  }

  // A tree by SHA, or the tree of a branch or tag's commit by name (as GitHub accepts).
  async tree(repository: RepositoryDocument, shaOrRef: string, recursive: boolean): Promise<Either<AppError, TreeView>> {
    const id = await this.repositories.forReading(repository);
    if (isLeft(id)) return id;
    const sha = await this.treeShaOf(id.right, shaOrRef);
    // GitHub's words for an object that is there but no tree (a blob's SHA, from the contents API).
    if (sha === NOT_A_TREE) return left(refused('Invalid object requested. SHA must identify a commit or a tree.'));
    const entries = sha === null ? null : await this.repositories.git.readTree(id.right, sha, recursive);
    // GitHub never serves the empty tree: 404, as for what is not there.
    if (!entries || sha === null || entries.length === 0) return left({ _tag: 'GitObjectNotFound' });
    const shown = shownCount(entries, recursive);
    const truncated = shown < entries.length;
    return right({ sha, entries: truncated ? entries.slice(0, shown) : entries, truncated });
  }

  private async writeCommit(
    caller: NonNullable<AccessCaller>,
    repository: RepositoryDocument,
    input: NewCommitInput,
    now: Date,
  ): Promise<Either<AppError, { sha: string; commit: ParsedCommit }>> {
    const id = await this.repositories.forWriting(caller, repository);
    if (isLeft(id)) return id;
    const git = this.repositories.git;
    const tree = await git.readObject(id.right, input.tree);
    if (!tree || tree.type !== 'tree') return left(refused('Tree SHA does not exist'));
    for (const parent of new Set(input.parents)) {
      const object = await git.readObject(id.right, parent);
      if (!object || object.type !== 'commit') return left(refused('Parent SHA does not exist or is not a commit object'));
    }
    const commit = await this.newCommit(caller, input, now);
    if (isLeft(commit)) return commit;
    const sha = await git.writeCommit(id.right, commit.right);
    return this.commit(repository, sha);
  }

  // A commit for another service that has already decided access (contents).
  async writeCommitFor(
    caller: NonNullable<AccessCaller>,
    repositoryId: number,
    input: NewCommitInput,
    now: Date,
  ): Promise<Either<AppError, { sha: string; commit: ParsedCommit }>> {
    const git = this.repositories.git;
    const commit = await this.newCommit(caller, input, now);
    if (isLeft(commit)) return commit;
    const sha = await git.writeCommit(repositoryId, commit.right);
    const object = await git.readObject(repositoryId, sha);
    // The commit just written is not there: the repository was deleted meanwhile.
    if (!object) return left({ _tag: 'RepositoryNotFound' });
    return right({ sha, commit: parseCommit(commitObjectText(object.content)) });
  }

  async commit(repository: RepositoryDocument, sha: string): Promise<Either<AppError, { sha: string; commit: ParsedCommit }>> {
    const id = await this.repositories.forReading(repository);
    if (isLeft(id)) return id;
    const object = await this.repositories.git.readObject(id.right, sha);
    if (!object || object.type !== 'commit') return left({ _tag: 'GitObjectNotFound' });
    return right({ sha, commit: parseCommit(commitObjectText(object.content)) });
  }

  private async writeTag(
    caller: NonNullable<AccessCaller>,
    repository: RepositoryDocument,
    input: NewTagInput,
    now: Date,
  ): Promise<Either<AppError, { sha: string; tag: ParsedTag }>> {
    const id = await this.repositories.forWriting(caller, repository);
    if (isLeft(id)) return id;
    const git = this.repositories.git;
    const object = await git.readObject(id.right, input.object);
    if (!object) return left(refused('Object does not exist'));
    if (object.type !== input.type) return left(refused(`Object ${input.object} is a ${object.type}, not a ${input.type}`));
    // mktag's fsck holds a tag's name to a ref name's rules (refs/tags/<name>).
    if (!isValidRefName(`refs/tags/${input.tag}`)) return left(refused(`${JSON.stringify(input.tag)} is not a valid tag name`));
    const tagger = await this.identity(caller, 'tagger', input.tagger, now);
    if (isLeft(tagger)) return tagger;
    const sha = await git.writeTag(id.right, { object: input.object, type: input.type, tag: input.tag, tagger: tagger.right, message: input.message });
    return this.tag(repository, sha);
  }

  async tag(repository: RepositoryDocument, sha: string): Promise<Either<AppError, { sha: string; tag: ParsedTag }>> {
    const id = await this.repositories.forReading(repository);
    if (isLeft(id)) return id;
    const object = await this.repositories.git.readObject(id.right, sha);
    if (!object || object.type !== 'tag') return left({ _tag: 'GitObjectNotFound' });
    return right({ sha, tag: parseTag(Buffer.from(object.content).toString('utf8')) });
  }

  // The commit to write, refused (422) where git would refuse it (exit 128, a 500 otherwise).
  private async newCommit(caller: NonNullable<AccessCaller>, input: NewCommitInput, now: Date): Promise<Either<AppError, NewCommit>> {
    if (input.message.includes('\0')) return left(refused('message must not contain a NUL byte'));
    if (input.signature !== undefined && !isArmoredSignature(input.signature)) return left(refused('signature is not an ASCII-armored signature'));
    const author = await this.identity(caller, 'author', input.author, now);
    if (isLeft(author)) return author;
    const committer =
      input.committer === undefined && input.committerByDefault !== 'caller' ? author : await this.identity(caller, 'committer', input.committer, now);
    if (isLeft(committer)) return committer;
    return right({
      tree: input.tree,
      // git writes a parent named twice once ("duplicate parent ignored"): passed once, so a body
      // naming one commit tens of thousands of times cannot overflow git's arguments (E2BIG).
      parents: [...new Set(input.parents)],
      message: input.message,
      author: author.right,
      committer: committer.right,
      ...(input.signature !== undefined ? { signature: input.signature } : {}),
    });
  }

  // GitHub's default author, committer and tagger: the authenticated user, now. A given date
  // keeps its offset (written as git writes it, so the SHA is git's).
  private async identity(
    caller: NonNullable<AccessCaller>,
    role: 'author' | 'committer' | 'tagger',
    given: SignatureInput | undefined,
    now: Date,
  ): Promise<Either<AppError, CommitIdentity>> {
    if (given !== undefined) {
      if (!isSignatureText(given.name) || !isSignatureText(given.email)) return left(refused('Invalid name or email'));
      // git refuses an empty name ("empty ident name not allowed") once it trims its edges.
      if (!isIdentName(given.name)) return left(refused(`${role}.name must not be empty`));
      if (given.date === undefined) return right({ name: given.name, email: given.email, date: now });
      const when = parseGitDate(given.date);
      if (when === 'invalid') return left(refused(`${given.date} is not a valid date`));
      if (when === 'before-epoch') return left(refused(`${given.date} is before 1970-01-01T00:00:00Z: git cannot write it`));
      return right({ name: given.name, email: given.email, ...when });
    }
    const account = (await this.queries.accountsByIds([caller.userId])).get(caller.userId);
    const login = account?.login ?? 'unknown';
    const name = account?.name && isIdentName(account.name) ? account.name : login;
    const email = commitEmailOf(account ?? { id: caller.userId, login, email: null });
    return right({ name, email, date: now });
  }

  // The tree named (null: nothing is; NOT_A_TREE: an object that is neither a tree nor a commit).
  private async treeShaOf(repositoryId: number, shaOrRef: string): Promise<string | typeof NOT_A_TREE | null> {
    const git = this.repositories.git;
    // HEAD too, as scripts ask for `git/trees/HEAD?recursive=1` (no branch can be named HEAD).
    const sha = SHA_PATTERN.test(shaOrRef)
      ? shaOrRef
      : shaOrRef === 'HEAD'
        ? await headSha(git, repositoryId)
        : ((await git.readRef(repositoryId, `refs/heads/${shaOrRef}`)) ?? (await git.readRef(repositoryId, `refs/tags/${shaOrRef}`)));
    // An annotated tag is peeled to what it tags (a tag of a tag too), as git's <tag>^{tree}.
    for (let target = sha, depth = 0; target !== null && depth < MAX_TAG_DEPTH; depth++) {
      const object = await git.readObject(repositoryId, target);
      if (!object) return null;
      if (object.type === 'tree') return target;
      if (object.type === 'commit') return parseCommit(Buffer.from(object.content).toString('utf8')).tree;
      if (object.type !== 'tag') return NOT_A_TREE;
      target = parseTag(Buffer.from(object.content).toString('utf8')).object;
    }
    return null;
  }
}

export type { GitSignature };
