import type { FileChange, GitObject } from '../../../application/shared/ports/gitStorage.port.js';
import { runGit, runGitForBytes } from './gitCommand.js';

const SHA = /^[0-9a-f]{40}$/;
// git knows the empty tree without storing it: the "before" of a first push.
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const BLOB_MODES: ReadonlySet<string> = new Set(['100644', '100755', '120000']);

// `git diff-tree -r --raw -z`: ":<old mode> <new mode> <old sha> <new sha> <status>\0<path>\0" per file.
function parseRawDiff(output: string): { path: string; mode: string; sha: string | null }[] {
  const fields = output.split('\0');
  const changes: { path: string; mode: string; sha: string | null }[] = [];
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const header = fields[index]!.replace(/^:/, '').split(' ');
    const path = fields[index + 1]!;
    if (header.length < 5) continue;
    const [, mode, , sha, status] = header as [string, string, string, string, string];
    changes.push({ path, mode, sha: status.startsWith('D') ? null : sha });
  }
  return changes;
}

// The sizes of many blobs from one `git cat-file --batch-check`.
async function blobSizes(gitDirectory: string, environment: Record<string, string>, shas: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (shas.length === 0) return sizes;
  const { stdout } = await runGit(['--git-dir', gitDirectory, 'cat-file', '--batch-check'], environment, { input: shas.map((sha) => `${sha}\n`).join('') });
  for (const line of stdout.split('\n')) {
    const [sha, type, size] = line.split(' ');
    if (sha && type === 'blob' && size) sizes.set(sha, Number(size));
  }
  return sizes;
}

// What changed between two commits, file by file, with each new blob's size (so a reader can
// skip large files without reading them). Null when a commit is missing (a push whose objects
// git has not moved out of quarantine yet, or never will).
export async function fileChanges(
  gitDirectory: string,
  environment: Record<string, string>,
  readObject: (sha: string) => Promise<GitObject | null>,
  from: string | null,
  to: string,
): Promise<FileChange[] | null> {
  for (const commit of from === null ? [to] : [from, to]) {
    if (!SHA.test(commit) || (await readObject(commit))?.type !== 'commit') return null;
  }
  const { stdout } = await runGitForBytes(['--git-dir', gitDirectory, 'diff-tree', '-r', '-z', '--raw', '--no-renames', from ?? EMPTY_TREE, to], environment);
  const changes = parseRawDiff(stdout.toString('utf8'));
  const blobs = changes.filter((change) => change.sha !== null && BLOB_MODES.has(change.mode)).map((change) => change.sha!);
  const sizes = await blobSizes(gitDirectory, environment, [...new Set(blobs)]);
  return changes.map((change) => ({ ...change, size: change.sha === null ? null : (sizes.get(change.sha) ?? null) }));
}
