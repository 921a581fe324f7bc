import { parseTag } from '../../domain/gitdata/gitObjectText.js';
import { SHA_PATTERN } from '../../domain/gitdata/refName.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';

// How many tags of tags are peeled before giving up.
const MAX_TAG_DEPTH = 16;
// GitHub takes an abbreviated SHA from seven digits.
const ABBREVIATED_SHA = /^[0-9a-f]{7,39}$/;

// The commit a `ref` parameter names, as GitHub reads it: HEAD, a full SHA, a full ref name
// (refs/heads/x, refs/tags/v1), a branch, a tag, a name under refs/ (heads/x), then an
// abbreviated SHA that names one commit; a tag is peeled to its commit. Null when none does.
export async function resolveCommitish(git: GitStorage, repositoryId: number, name: string): Promise<string | null> {
  const named = await objectNamed(git, repositoryId, name);
  return named === null ? null : peelToCommit(git, repositoryId, named);
}

async function objectNamed(git: GitStorage, repositoryId: number, name: string): Promise<string | null> {
  if (name === 'HEAD') return headSha(git, repositoryId);
  if (SHA_PATTERN.test(name)) return name;
  if (name.startsWith('refs/')) return git.readRef(repositoryId, name);
  for (const candidate of [`refs/heads/${name}`, `refs/tags/${name}`, `refs/${name}`]) {
    const sha = await git.readRef(repositoryId, candidate);
    if (sha !== null) return sha;
  }
  return ABBREVIATED_SHA.test(name) ? git.commitByAbbreviation(repositoryId, name) : null;
}

// What HEAD names: the default branch's commit (null in an empty repository).
export async function headSha(git: GitStorage, repositoryId: number): Promise<string | null> {
  const head = await git.headBranch(repositoryId);
  return head === null ? null : git.readRef(repositoryId, `refs/heads/${head}`);
}

async function peelToCommit(git: GitStorage, repositoryId: number, sha: string): Promise<string | null> {
  for (let target = sha, depth = 0; depth < MAX_TAG_DEPTH; depth++) {
    const object = await git.readObject(repositoryId, target);
    if (object?.type === 'commit') return target;
    if (object?.type !== 'tag') return null;
    target = parseTag(Buffer.from(object.content).toString('utf8')).object;
  }
  return null;
}
