// One bare Git repository per forgelog repository, addressed by the repository's numeric id
// (names change with renames and transfers; ids never do).
export interface InitialCommit {
  readonly defaultBranch: string;
  readonly authorName: string;
  readonly authorEmail: string;
  readonly readme: string;
  readonly message: string;
  // Author and committer date: with everything else fixed, the commit SHA is deterministic.
  readonly date: Date;
}

export interface GitRef {
  readonly name: string; // full ref name, e.g. refs/heads/main
  readonly sha: string;
  readonly type?: 'blob' | 'tree' | 'commit' | 'tag'; // of the object it names
}

export interface ForkOptions {
  // Copy only this branch (GitHub's default_branch_only); every branch and tag otherwise.
  readonly onlyBranch?: string;
}

export interface CommitIdentity {
  readonly name: string;
  readonly email: string;
  readonly date: Date;
  // The offset written beside the date, as git writes it ("+0530"); absent: "+0000".
  readonly utcOffset?: string;
}

// A commit to write from a tree already in the repository (merge commits, squashes).
export interface NewCommit {
  readonly tree: string;
  readonly parents: readonly string[];
  readonly message: string;
  readonly author: CommitIdentity;
  readonly committer: CommitIdentity;
  // An ASCII-armored detached signature, written as the commit's gpgsig header.
  readonly signature?: string;
}

// What a pull request shows: commits on head not on base, and the diff from their merge base.
export interface CommitRangeStats {
  readonly commits: number;
  readonly additions: number;
  readonly deletions: number;
  readonly changedFiles: number;
}

// A merge computed without a work tree: the merged tree, or the news that it conflicts.
export type MergeTreeResult = { readonly clean: true; readonly tree: string } | { readonly clean: false };

// The tip after replaying commits onto a base, or a conflict.
export type RebaseResult = { readonly clean: true; readonly tip: string } | { readonly clean: false };

export interface CommitsAdded {
  readonly total: number;
  readonly commits: readonly { readonly sha: string; readonly message: string; readonly author: { readonly name: string; readonly email: string } }[];
}

// A commit as a walk lists it: dates are ISO 8601 with the commit's own offset.
export interface CommitPerson {
  readonly name: string;
  readonly email: string;
  readonly date: string;
}

export interface CommitRecord {
  readonly sha: string;
  readonly tree: string;
  readonly parents: readonly string[];
  readonly author: CommitPerson;
  readonly committer: CommitPerson;
  readonly message: string;
}

export type GitObjectType = 'blob' | 'tree' | 'commit' | 'tag';

export interface GitObject {
  readonly type: GitObjectType;
  readonly content: Uint8Array; // the object's raw content, as `git cat-file <type>` prints it
}

// An entry of a tree as written (`git mktree`) or read (`git ls-tree -l`, paths relative to the tree read).
export interface GitTreeEntry {
  readonly mode: string; // 100644, 100755, 040000, 160000, 120000
  readonly type: 'blob' | 'tree' | 'commit';
  readonly sha: string;
  readonly path: string;
  readonly size?: number; // blobs, when read
}

// A file that differs between two commits: its blob at the later one, or null when removed.
export interface FileChange {
  readonly path: string;
  readonly mode: string; // at the later commit: 100644, 100755, 120000, 160000 (000000 when removed)
  readonly sha: string | null;
  readonly size: number | null; // bytes of that blob (null for a removal or a submodule)
}

export type RefUpdateOutcome = 'moved' | 'superseded' | 'refused';

export interface NewTag {
  readonly object: string;
  readonly type: GitObjectType;
  readonly tag: string;
  readonly tagger: CommitIdentity;
  readonly message: string;
}

// Every operation that creates a repository is idempotent: if the repository already exists
// it is left as it is. A repository appears whole or not at all (built aside, then renamed in).
export interface GitStorage {
  createBare(repositoryId: number, options: { readonly defaultBranch: string }): Promise<void>;
  // The first commit holding README.md on the default branch; answers its SHA.
  initWithReadme(repositoryId: number, commit: InitialCommit): Promise<string>;
  // Copies the source's branches and tags (objects included) into a new repository.
  fork(sourceRepositoryId: number, targetRepositoryId: number, options?: ForkOptions): Promise<void>;
  delete(repositoryId: number): Promise<void>;
  exists(repositoryId: number): Promise<boolean>;
  // The refs whose full names start with `prefix` (all of them without one), in name order.
  // What a read costs is the refs it lists: ask for the few it needs.
  listRefs(repositoryId: number, prefix?: string): Promise<GitRef[]>;
  // The refs of these exact full names that exist.
  refsNamed(repositoryId: number, names: readonly string[]): Promise<GitRef[]>;
  // Whether the repository has a ref starting with `prefix` (any ref without one: an empty
  // repository has none), reading one at most.
  hasRefs(repositoryId: number, prefix?: string): Promise<boolean>;
  readRef(repositoryId: number, refName: string): Promise<string | null>;
  // The commit an abbreviated SHA (4 to 39 hex digits) names, or null when no commit or more
  // than one does.
  commitByAbbreviation(repositoryId: number, abbreviation: string): Promise<string | null>;
  // The branch HEAD names (GitHub's default_branch), whether or not it has commits yet.
  headBranch(repositoryId: number): Promise<string | null>;
  setHeadBranch(repositoryId: number, branch: string): Promise<void>;
  // Where the bare repository lives, for tools that drive git directly (tests, git http-backend).
  pathOf(repositoryId: number): string;
  // Copies a commit and its history from another repository (a fork's head into its parent),
  // and points targetRef at it when one is given, as GitHub keeps refs/pull/<n>/head.
  fetchCommit(targetRepositoryId: number, sourceRepositoryId: number, sha: string, targetRef: string | null): Promise<void>;
  // Copies the objects of these refs of another git directory (an import's prepared history)
  // without moving any ref; onProgress hears git's "Receiving objects" percent.
  fetchObjects(repositoryId: number, sourceGitDir: string, refNames: readonly string[], onProgress: (percent: number) => void): Promise<void>;
  // The paths a commit added, removed and modified against its first parent (all added for a
  // root commit), as a push webhook lists them.
  changedPaths(repositoryId: number, sha: string): Promise<{ added: string[]; removed: string[]; modified: string[] }>;
  // Every file that differs between two commits (every file of `to` when from is null), a
  // rename as a removal and an addition; null when either commit is not in the repository.
  fileChanges(repositoryId: number, from: string | null, to: string): Promise<FileChange[] | null>;
  // base and head are commit SHAs already in the repository.
  compareCommits(repositoryId: number, baseSha: string, headSha: string): Promise<CommitRangeStats>;
  // The best common ancestor of two commits, or null when their histories are unrelated.
  mergeBase(repositoryId: number, oneSha: string, otherSha: string): Promise<string | null>;
  // Unrelated histories merge as not clean (git refuses them).
  mergeTree(repositoryId: number, oursSha: string, theirsSha: string): Promise<MergeTreeResult>;
  writeCommit(repositoryId: number, commit: NewCommit): Promise<string>;
  // Replays the commits of head that base lacks (merge commits left out, as git rebase does)
  // onto base, oldest first: each keeps its author and message, the committer is the given
  // one. Nothing is reachable until a ref moves.
  rebase(repositoryId: number, baseSha: string, headSha: string, committer: CommitIdentity): Promise<RebaseResult>;
  // Git Data: objects written with plumbing (hash-object -w, mktree, mktag), read with cat-file
  // and ls-tree. A missing object reads as null.
  writeBlob(repositoryId: number, content: Uint8Array): Promise<string>;
  // Many at once (git fast-import), in order.
  writeBlobs(repositoryId: number, contents: readonly Uint8Array[]): Promise<string[]>;
  readObject(repositoryId: number, sha: string): Promise<GitObject | null>;
  // What git's fsck says against each file's bytes as a tree's .gitmodules (a submodule url or
  // path read as an option, a name climbing out with ../, an update command: "gitmodulesUrl:
  // disallowed submodule url: --upload-pack=x") or .gitattributes (a line too long to parse),
  // or null when it has nothing against them; in order, all checked at once.
  fsckFileProblems(files: readonly { readonly name: '.gitmodules' | '.gitattributes'; readonly content: Uint8Array }[]): Promise<(string | null)[]>;
  // Entries of one level (names without slashes); git sorts them.
  writeTree(repositoryId: number, entries: readonly GitTreeEntry[]): Promise<string>;
  // Many trees through one process (git mktree --batch): `use` writes them one at a time, each
  // answered with its SHA before the next is written, so a parent names the trees under it.
  writeTrees<T>(repositoryId: number, use: (writeTree: (entries: readonly GitTreeEntry[]) => Promise<string>) => Promise<T>): Promise<T>;
  // One level, or every level (trees listed before their contents) when recursive.
  readTree(repositoryId: number, sha: string, recursive: boolean): Promise<GitTreeEntry[] | null>;
  writeTag(repositoryId: number, tag: NewTag): Promise<string>;
  // Compare-and-swap delete: false when the ref does not hold expectedOldSha.
  deleteRef(repositoryId: number, refName: string, expectedOldSha: string): Promise<boolean>;
  // The commits `to` has that `from` (or, when null, no ref) has not: how many, and the newest
  // `max` of them, oldest first.
  commitsAdded(repositoryId: number, from: string | null, to: string, max: number): Promise<CommitsAdded>;
  // The commits reachable from `include` and from none of `exclude` (rev-list include
  // ^exclude), newest first, in batches of at most batchSize: one git process per walk.
  walkCommits(repositoryId: number, include: readonly string[], exclude: readonly string[], batchSize: number): AsyncIterable<readonly CommitRecord[]>;
  // The same walk, names only.
  revList(repositoryId: number, include: readonly string[], exclude: readonly string[]): Promise<string[]>;
  // Ends the long-lived processes reads go through.
  close(): Promise<void>;
  // Whether the first commit is the second or one of its ancestors (git merge-base --is-ancestor).
  isAncestor(repositoryId: number, ancestorSha: string, descendantSha: string): Promise<boolean>;
  // Compare-and-swap: moves refName to newSha only if it still holds expectedOldSha (null:
  // only if absent); 'superseded' when another writer moved it first, 'refused' when it held
  // expectedOldSha and git would not move it (a non-commit on a branch, a name in conflict).
  updateRef(repositoryId: number, refName: string, newSha: string, expectedOldSha: string | null): Promise<RefUpdateOutcome>;
}
