// The token a private repository's download_url carries, as GitHub's raw links do
// (`?token=...`): the file can be fetched without credentials until the token expires. It
// names the user it was given to, the repository and the file (`<ref>/<path>`, as the raw
// route reads it), so it opens nothing else, and the raw route still asks whether that user
// reads the repository.
export interface RawDownloadLinks {
  // A signer for one user's links into one repository, expiring at `expiresAt`: the key is
  // loaded once, each file's token is then computed at once (a listing signs every entry).
  signer(userId: number, repositoryId: number, expiresAt: Date): Promise<(refAndPath: string) => string>;
  // The user a token was given to for that file, or why it grants nothing.
  verify(token: string, repositoryId: number, refAndPath: string, now: Date): Promise<RawDownloadGrant>;
}

export type RawDownloadGrant = { readonly kind: 'valid'; readonly userId: number } | { readonly kind: 'expired' } | { readonly kind: 'invalid' };
