import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { SHA_PATTERN } from '../../domain/gitdata/refName.js';
import { isValidTreePath } from '../../domain/gitdata/treePath.js';
import type { GitStorage, GitTreeEntry } from '../shared/ports/gitStorage.port.js';

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
  blob: ['100644', '100755', '120000'],
  tree: ['040000'],
  commit: ['160000'],
};

const parentOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

function problemWith(change: TreeChange): string | null {
  if (!isValidTreePath(change.path)) return `tree.path ${JSON.stringify(change.path)} is not a valid path`;
  if (!MODES_BY_TYPE[change.type]?.includes(change.mode)) return `tree.mode ${change.mode} is not valid for a ${change.type}`;
  if (change.content !== undefined && change.sha !== undefined) return 'tree.sha and tree.content cannot both be given';
  if (change.content !== undefined && change.type !== 'blob') return 'tree.content is only for blobs';
  if (change.content === undefined && change.sha === undefined) return 'tree.sha or tree.content is required';
  // A submodule's commit need not be in the repository, but it must be an object name.
  if (typeof change.sha === 'string' && !SHA_PATTERN.test(change.sha)) return `tree.sha ${change.sha} is not a valid SHA`;
  return null;
}

// The new tree: the base tree's entries (listed recursively, trees included) with the changes
// applied. Only directories on a changed path are written again; every other subtree keeps its
// SHA. A directory left empty disappears from its parent.
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
  const childrenOf = new Map<string, Map<string, GitTreeEntry>>();
  const childMap = (dir: string) => {
    let children = childrenOf.get(dir);
    if (!children) childrenOf.set(dir, (children = new Map()));
    return children;
  };
  for (const entry of base) childMap(parentOf(entry.path)).set(nameOf(entry.path), { ...entry, path: nameOf(entry.path) });
  // Inline contents written together, in one fast-import.
  const inline = changes.filter((change) => change.content !== undefined);
  const written = new Map<TreeChange, string>();
  const shas =
    inline.length > 1
      ? await git.writeBlobs(
          repositoryId,
          inline.map((change) => Buffer.from(change.content!, 'utf8')),
        )
      : [];
  inline.forEach((change, i) => shas[i] !== undefined && written.set(change, shas[i]!));
  const touched = new Set<string>(['']);
  for (const change of changes) {
    for (let dir = parentOf(change.path); ; dir = parentOf(dir)) {
      touched.add(dir);
      if (dir === '') break;
    }
    const children = childMap(parentOf(change.path));
    const name = nameOf(change.path);
    if (change.sha === null) {
      children.delete(name);
      continue;
    }
    const sha = change.content !== undefined ? (written.get(change) ?? (await git.writeBlob(repositoryId, Buffer.from(change.content, 'utf8')))) : change.sha!;
    if (change.type !== 'commit' && change.content === undefined) {
      const object = await git.readObject(repositoryId, sha);
      if (!object || object.type !== change.type) return left(`tree.sha ${sha} is not a ${change.type} in this repository`);
    }
    children.set(name, { mode: change.mode, type: change.type, sha, path: name });
    // A path given a new object no longer holds what the base tree had under it.
    if (change.type !== 'tree') childrenOf.delete(change.path);
  }
  const write = async (dir: string): Promise<string | null> => {
    const children = childMap(dir);
    for (const [name, entry] of [...children]) {
      const path = dir === '' ? name : `${dir}/${name}`;
      if (entry.type !== 'tree' || !touched.has(path)) continue;
      const sha = await write(path);
      if (sha === null) children.delete(name);
      else children.set(name, { ...entry, sha });
    }
    // Directories created by the changes (not in the base tree).
    for (const path of touched) {
      if (path === '' || parentOf(path) !== dir || children.has(nameOf(path))) continue;
      const sha = await write(path);
      if (sha !== null) children.set(nameOf(path), { mode: '040000', type: 'tree', sha, path: nameOf(path) });
    }
    if (children.size === 0 && dir !== '') return null;
    return git.writeTree(repositoryId, [...children.values()]);
  };
  return right((await write(''))!);
}
