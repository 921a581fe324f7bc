import { parseTreeObject, type RawTreeEntry } from '../../domain/gitdata/treeObject.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';

// One level of a tree, read through the repository's long-lived cat-file (no git process per
// directory); none for an object that is not a tree.
export async function treeLevel(git: GitStorage, repositoryId: number, sha: string): Promise<RawTreeEntry[]> {
  const object = await git.readObject(repositoryId, sha);
  return object?.type === 'tree' ? parseTreeObject(object.content) : [];
}
