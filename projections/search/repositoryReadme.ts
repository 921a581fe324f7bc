import type { GitStorage, GitTreeEntry } from '../../application/shared/ports/gitStorage.port.js';
import type { Collection, Document } from '../../application/shared/ports/readModelStore.port.js';
import type { PushedFiles } from './pushedFiles.js';

// A README at the root of the default branch, in any case, with or without an extension.
const README = /^readme(\.[^/.]+)?$/i;
// Which README counts when there are several: GitHub shows Markdown first.
const PREFERRED_EXTENSIONS = ['.md', '.markdown', '.rst', '.txt', ''];
// What of a README is searched (`in:readme`): its beginning, as much as an issue body holds.
const README_MAX_CHARS = 65_536;

export interface RepositoryReadmeDocument extends Document {
  _id: string; // String(repository_id)
  repository_id: number;
  text: string;
}

const rankOf = (entry: GitTreeEntry): number => {
  const dot = entry.path.indexOf('.');
  const rank = PREFERRED_EXTENSIONS.indexOf(dot < 0 ? '' : entry.path.slice(dot).toLowerCase());
  return rank < 0 ? PREFERRED_EXTENSIONS.length : rank;
};

// Whether what was read may have changed the README: a first reading, or a root README among
// the changed files.
export const touchesReadme = (files: PushedFiles): boolean => files.whole || files.changes.some((change) => README.test(change.path));

// The README text of a commit ('' when it has none, or a binary one).
export async function readmeAt(git: GitStorage, repositoryId: number, commit: string | null): Promise<string> {
  if (commit === null) return '';
  const object = await git.readObject(repositoryId, commit);
  const tree = object?.type === 'commit' ? /^tree ([0-9a-f]{40})/.exec(Buffer.from(object.content).toString('utf8'))?.[1] : undefined;
  if (tree === undefined) return '';
  const entries = (await git.readTree(repositoryId, tree, false)) ?? [];
  const readme = entries
    .filter((entry) => entry.type === 'blob' && README.test(entry.path))
    .sort((a, b) => rankOf(a) - rankOf(b) || (a.path < b.path ? -1 : 1))[0];
  const blob = readme === undefined ? null : await git.readObject(repositoryId, readme.sha);
  if (blob === null) return '';
  const content = Buffer.from(blob.content);
  return content.subarray(0, 8000).includes(0) ? '' : content.toString('utf8').slice(0, README_MAX_CHARS);
}

export function saveReadme(readmes: Collection<RepositoryReadmeDocument>, repositoryId: number, text: string): Promise<unknown> {
  const _id = String(repositoryId);
  return readmes.replaceOne({ _id }, { _id, repository_id: repositoryId, text }, { upsert: true });
}
