// GitHub's author_association of an issue's, a comment's or a pull request's author.
export type AuthorAssociation = 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'CONTRIBUTOR' | 'FIRST_TIME_CONTRIBUTOR' | 'FIRST_TIMER' | 'NONE';

// What forgelog knows of an author's contributions, from its pull requests (the pulls
// projection keeps the counts): a commit reaches a repository through a merged pull request
// or a push, and only those with write access push, who are OWNER, MEMBER or COLLABORATOR
// already; so a merged pull request is what makes a CONTRIBUTOR.
export interface Contributions {
  // The author's pull requests merged into this repository.
  readonly mergedHere: boolean;
  // The author has an open pull request on this repository.
  readonly openHere: boolean;
  // The author's pull requests merged into any repository of the site.
  readonly mergedAnywhere: boolean;
}

export const NO_CONTRIBUTIONS: Contributions = { mergedHere: false, openHere: false, mergedAnywhere: false };

// What decides it, as the reader may know it.
export interface AuthorFacts {
  // The author is the user owning the repository.
  readonly ownsRepository: boolean;
  // The author's active membership in the organization owning the repository (null: none, or
  // a user's repository).
  readonly membership: { readonly public: boolean } | null;
  // The reader sees the organization's concealed members (a member, a site administrator).
  readonly readerSeesConcealed: boolean;
  readonly collaborator: boolean;
  readonly contributions: Contributions;
}

// The owning user is OWNER (an organization's repository has none: its owners and members
// are MEMBER, as GitHub answers); a concealed membership shows only to those who see the
// organization's concealed members, anyone else is answered as for a non-member; then
// COLLABORATOR. Then GitHub's contribution ladder, as forgelog can know it exactly:
// CONTRIBUTOR, a pull request of theirs merged into this repository ("has previously
// committed to the repository"); FIRST_TIMER, an open pull request here and none merged
// anywhere on the site ("has not previously committed to GitHub"); FIRST_TIME_CONTRIBUTOR, an
// open pull request here and none merged here, but some elsewhere ("has not previously
// committed to the repository"); then NONE (an author who only opened issues or commented,
// or whose pull requests here were closed unmerged).
export function authorAssociation(facts: AuthorFacts): AuthorAssociation {
  if (facts.ownsRepository) return 'OWNER';
  if (facts.membership !== null && (facts.membership.public || facts.readerSeesConcealed)) return 'MEMBER';
  if (facts.collaborator) return 'COLLABORATOR';
  const { mergedHere, openHere, mergedAnywhere } = facts.contributions;
  if (mergedHere) return 'CONTRIBUTOR';
  if (openHere) return mergedAnywhere ? 'FIRST_TIME_CONTRIBUTOR' : 'FIRST_TIMER';
  return 'NONE';
}
