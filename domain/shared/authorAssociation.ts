// GitHub's author_association of an issue's, a comment's or a pull request's author.
export type AuthorAssociation = 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'NONE';

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
}

// The owning user is OWNER (an organization's repository has none: its owners and members
// are MEMBER, as GitHub answers); a concealed membership shows only to those who see the
// organization's concealed members, anyone else is answered as for a non-member; then
// COLLABORATOR, or NONE.
export function authorAssociation(facts: AuthorFacts): AuthorAssociation {
  if (facts.ownsRepository) return 'OWNER';
  if (facts.membership !== null && (facts.membership.public || facts.readerSeesConcealed)) return 'MEMBER';
  return facts.collaborator ? 'COLLABORATOR' : 'NONE';
}
