import { isPullRequestRef, isRefsPrefixedName, refsPrefixedRefusal } from './refName.js';

export type ApiRefWrite = 'create' | 'update' | 'delete';

// What the refs API may not do to a ref whatever the caller's access, as GitHub refuses it
// (422): a pull request's refs are its own (moved by forgelog, as a push may not move them
// either), and the default branch cannot be deleted (GitHub's "an attempt was made to delete
// the default branch"; a push is refused the same by git's receive.denyDeleteCurrent).
// Otherwise the repository would be left without the branch its HEAD and pages name. A new
// branch or tag named refs/... is refused as GitHub refuses it (isRefsPrefixedName).
export function apiRefWriteRefusal(ref: string, write: ApiRefWrite, defaultBranch: string): string | null {
  if (isPullRequestRef(ref)) return `${ref} belongs to a pull request and cannot be changed through the API`;
  if (write === 'create' && isRefsPrefixedName(ref)) return refsPrefixedRefusal(ref);
  if (write === 'delete' && ref === `refs/heads/${defaultBranch}`) return `${ref} is the default branch and cannot be deleted`;
  return null;
}
