import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { SHA_PATTERN } from '../../domain/gitdata/refName.js';
import { fsckCheckedFile, isDotGitModules, isReadablePath, isValidTreePath, SYMLINK_MODE } from '../../domain/gitdata/treePath.js';
import type { GitStorage, GitTreeEntry } from '../shared/ports/gitStorage.port.js';
import { treeLevel } from './treeLevel.js';

// One entry of POST /git/trees: a path set to an object by SHA, to new blob content, or
// removed from the base tree (sha: null).
export interface TreeChange {
  readonly path: string;
  readonly mode: string;
  readonly type: 'blob' | 'tree' | 'commit';
  readonly sha?: string | null;
  readonly content?: string;
}

const MODES_BY_TYPE: Readonly<Record<TreeChange['type'], readonly string[]>> = {
  blob: ['100644', '100755', SYMLINK_MODE],
  tree: ['040000'],
  commit: ['160000'],
};

const NULL_SHA = '0'.repeat(40);

const parentOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

// GitHub's sentences for an entry that gives neither (a removal without `sha: null`) or both.
const SHA_OR_CONTENT = 'Must supply either tree.sha or tree.content. Request will be rejected if both are present.';
const VALID_MODES = Object.values(MODES_BY_TYPE).flat();

function problemWith(change: TreeChange): string | null {
  // A removal may name what a tree already holds (imported, or pushed before pushes were
  // checked): only what is written must be a name git's fsck accepts.
  const removal = change.sha === null;
  if (change.path.startsWith('/')) return 'tree.path cannot start with a slash';
  if (removal ? !isReadablePath(change.path) : !isValidTreePath(change.path)) return `tree.path ${JSON.stringify(change.path)} is not a valid path`;
  if ((change.content !== undefined) === (change.sha !== undefined)) return SHA_OR_CONTENT;
  if (!VALID_MODES.includes(change.mode)) return 'Must supply a valid tree.mode';
  if (change.mode === '040000' && change.content !== undefined) return 'A subdirectory may not have content';
  if (!MODES_BY_TYPE[change.type]?.includes(change.mode)) return `tree.mode ${change.mode} is not valid for a ${change.type}`;
  if (!removal && change.mode === SYMLINK_MODE && isDotGitModules(nameOf(change.path)))
    return `tree.path ${JSON.stringify(change.path)}: .gitmodules cannot be a symlink`;
  // fsck reads whatever a tree names .gitmodules or .gitattributes as that file (gitmodulesBlob, or
  // gitmodulesMissing for a submodule's commit), and refuses the tree otherwise.
  const checked = removal || change.type === 'blob' ? null : fsckCheckedFile(nameOf(change.path));
  if (checked !== null) return `tree.path ${JSON.stringify(change.path)}: ${checked} must be a file`;
  if (change.content !== undefined && change.type !== 'blob') return 'tree.content is only for blobs';
  // A submodule's commit need not be in the repository, but it must be an object name.
  if (typeof change.sha === 'string' && !SHA_PATTERN.test(change.sha)) return `tree.sha ${change.sha} is not a valid SHA`;
  // Nor the null SHA, which names nothing (a blob or tree entry naming it is looked up, and
  // missing): git's fsck refuses a tree holding it (nullSha1), so a clone checking objects
  // would fail on the repository.
  if (change.type === 'commit' && change.sha === NULL_SHA) return `tree.sha ${change.sha} is not a valid SHA`;
  return null;
}

// The directories of a tree by path ('' the root), each its entries by name.
type Directories = Map<string, Map<string, GitTreeEntry>>;

const childPath = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`);

// Forgets what was under `path` (a subtree replaced or removed), at every depth.
function forgetUnder(directories: Directories, touched: Set<string>, path: string): void {
  const under = (dir: string) => dir === path || dir.startsWith(`${path}/`);
  for (const dir of [...directories.keys()]) if (under(dir)) directories.delete(dir);
  for (const dir of [...touched]) if (under(dir)) touched.delete(dir);
}

// Adds a recursive listing (paths relative to the tree listed) under `at`.
function addListing(directories: Directories, at: string, entries: readonly GitTreeEntry[]): void {
  for (const entry of entries) {
    const dir = parentOf(entry.path);
    const key = dir === '' ? at : childPath(at, dir);
    let children = directories.get(key);
    if (!children) directories.set(key, (children = new Map()));
    children.set(nameOf(entry.path), { ...entry, path: nameOf(entry.path) });
  }
}

// Reads, one level each, the directories on the way to `path` that a tree given by SHA brought
// and nothing has read yet: its entries are read only when a change goes under it, through the
// repository's long-lived cat-file. Listing every such tree at once (an ls-tree process each,
// and a copy of all it holds) made a body naming thousands of subtrees cost minutes.
async function readWayTo(git: GitStorage, repositoryId: number, directories: Directories, path: string): Promise<void> {
  let dir = '';
  for (const name of path.split('/').slice(0, -1)) {
    const entry = directories.get(dir)?.get(name);
    const child = childPath(dir, name);
    if (!entry || entry.type !== 'tree') return;
    if (!directories.has(child)) {
      const entries = await treeLevel(git, repositoryId, entry.sha);
      directories.set(child, new Map(entries.map((found) => [found.path, found])));
    }
    dir = child;
  }
}

// The first directory on the way to `path` that holds something other than a tree: a change
// there would have to replace a file (or submodule) by a directory, deleting it unasked, so it
// is refused (git's index refuses it too, unless told --replace).
function blockerOf(directories: Directories, path: string): { path: string; entry: GitTreeEntry } | null {
  let dir = '';
  for (const name of path.split('/').slice(0, -1)) {
    const entry = directories.get(dir)?.get(name);
    dir = childPath(dir, name);
    if (!entry) return null;
    if (entry.type !== 'tree') return { path: dir, entry };
  }
  return null;
}

// The tree being built: its directories, those to write again, and the inline contents'
// placeholders (blobs are written only once every change is known to apply).
interface Building {
  readonly directories: Directories;
  readonly touched: Set<string>;
  readonly inline: Map<string, TreeChange>;
  // git's fsck verdicts on the .gitmodules and .gitattributes the changes write
  readonly fsckProblems: ReadonlyMap<TreeChange, string | null>;
}

// Every .gitmodules and .gitattributes the changes write, checked by git's fsck together (a
// few processes in all; one scratch repository per file had cost four processes each). A
// symlink's bytes are its target, not the file (fsck only warns of such a link).
async function fsckProblemsOf(git: GitStorage, repositoryId: number, changes: readonly TreeChange[]): Promise<Map<TreeChange, string | null>> {
  const files: { change: TreeChange; name: '.gitmodules' | '.gitattributes'; content: Uint8Array }[] = [];
  for (const change of changes) {
    const name = fsckCheckedFile(nameOf(change.path));
    if (name === null || change.mode === SYMLINK_MODE || change.type !== 'blob' || change.sha === null) continue;
    const object = change.content === undefined ? await git.readObject(repositoryId, change.sha!) : null;
    const content = change.content !== undefined ? Buffer.from(change.content, 'utf8') : object?.type === 'blob' ? object.content : null;
    if (content !== null) files.push({ change, name, content });
  }
  const problems = await git.fsckFileProblems(files.map(({ name, content }) => ({ name, content })));
  return new Map(files.map(({ change }, i) => [change, problems[i]!]));
}

// GitHub refuses the whole request when a removal (sha: null) names a path the tree does not
// hold at that point ("Returns an error if you try to delete a file that does not exist"),
// in these words.
const NOTHING_TO_REMOVE = 'GitRPC::BadObjectState';

// One change applied to the tree the changes before it left; a refusal as GitHub words it.
async function apply(git: GitStorage, repositoryId: number, building: Building, change: TreeChange): Promise<string | null> {
  const { directories, touched } = building;
  await readWayTo(git, repositoryId, directories, change.path);
  const blocker = blockerOf(directories, change.path);
  // A path through a file or submodule is not in the tree.
  if (blocker && change.sha === null) return NOTHING_TO_REMOVE;
  if (blocker) {
    const what = blocker.entry.type === 'commit' ? 'a submodule' : 'a file';
    return `tree.path ${JSON.stringify(change.path)} is under ${JSON.stringify(blocker.path)}, which is ${what}, not a directory`;
  }
  let sha = change.sha ?? null;
  let bytes: Uint8Array | null = null;
  if (change.content !== undefined) {
    building.inline.set((sha = `content:${building.inline.size}`), change);
    bytes = Buffer.from(change.content, 'utf8');
  } else if (sha !== null) {
    const object = await git.readObject(repositoryId, sha);
    // A submodule's commit is usually in another repository; one that is here must be a
    // commit (mktree checks it, and fails).
    if (change.type === 'commit' && object && object.type !== 'commit') return `tree.sha ${sha} is a ${object.type}, not a commit`;
    // GitHub's words, which clients quote: "tree.sha <sha> is not a valid blob" (or tree).
    if (change.type !== 'commit' && (!object || object.type !== change.type)) return `tree.sha ${sha} is not a valid ${change.type}`;
    if (change.type === 'blob') bytes = object!.content;
  }
  const problem = bytes === null ? null : (building.fsckProblems.get(change) ?? null);
  if (problem !== null) return `tree.path ${JSON.stringify(change.path)}: ${problem}`;
  const dir = parentOf(change.path);
  const name = nameOf(change.path);
  if (sha === null && !directories.get(dir)?.has(name)) return NOTHING_TO_REMOVE;
  // Every directory on the way is written again (those missing are created).
  let parent = '';
  for (const part of dir === '' ? [] : dir.split('/')) {
    const children = directories.get(parent)!;
    parent = childPath(parent, part);
    if (!children.has(part)) children.set(part, { mode: '040000', type: 'tree', sha: '', path: part });
    if (!directories.has(parent)) directories.set(parent, new Map());
    touched.add(parent);
  }
  // Only a directory has anything under it (a directory written again has its entries).
  if (directories.has(change.path)) forgetUnder(directories, touched, change.path);
  if (sha === null) directories.get(dir)!.delete(name);
  else directories.get(dir)!.set(name, { mode: change.mode, type: change.type, sha, path: name });
  return null;
}

// The new tree: the base tree's entries (listed recursively, trees included) with the changes
// applied in order, each to the tree the ones before it left (as `git update-index` would).
// A tree given by SHA brings its entries (read when a later change goes under it), so a later
// change under it edits them. Only directories on a changed path are written again; every
// other subtree keeps its SHA. A directory left empty disappears from its parent.
export async function buildTree(
  git: GitStorage,
  repositoryId: number,
  base: readonly GitTreeEntry[],
  changes: readonly TreeChange[],
): Promise<Either<string, string>> {
  for (const change of changes) {
    const problem = problemWith(change);
    if (problem) return left(problem);
  }
  const building: Building = {
    directories: new Map([['', new Map()]]),
    touched: new Set(['']),
    inline: new Map(),
    fsckProblems: await fsckProblemsOf(git, repositoryId, changes),
  };
  addListing(building.directories, '', base);
  for (const change of changes) {
    const problem = await apply(git, repositoryId, building, change);
    if (problem) return left(problem);
  }
  return right(await writeBuilt(git, repositoryId, building));
}

async function writeBuilt(git: GitStorage, repositoryId: number, { directories, touched, inline }: Building): Promise<string> {
  // Inline contents written together, in one fast-import.
  const contents = [...inline.values()].map((change) => Buffer.from(change.content!, 'utf8'));
  const shas =
    contents.length > 1 ? await git.writeBlobs(repositoryId, contents) : await Promise.all(contents.map((content) => git.writeBlob(repositoryId, content)));
  const blobs = new Map([...inline.keys()].map((placeholder, i) => [placeholder, shas[i]!]));
  // Every directory written again goes through one git process, children before parents.
  return git.writeTrees(repositoryId, async (writeTree) => {
    const write = async (dir: string): Promise<string | null> => {
      const children = directories.get(dir) ?? new Map<string, GitTreeEntry>();
      for (const [name, entry] of [...children]) {
        if (blobs.has(entry.sha)) children.set(name, { ...entry, sha: blobs.get(entry.sha)! });
        const path = childPath(dir, name);
        if (entry.type !== 'tree' || !touched.has(path)) continue;
        const sha = await write(path);
        if (sha === null) children.delete(name);
        else children.set(name, { ...entry, sha });
      }
      if (children.size === 0 && dir !== '') return null;
      return writeTree([...children.values()]);
    };
    return (await write(''))!;
  });
}
