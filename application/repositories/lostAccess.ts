// What a user lost access to, so what LostAccessStars and LostAccessForks look among: one
// repository's (a collaborator removed) or an organization's repositories (a member removed);
// only those, as nothing else's access changed.
export type LostAccess = { readonly repositoryIds: readonly number[] } | { readonly ownerId: number };
