// The token in a user's private Atom feed URLs (GitHub's `current_user_url` and the like):
// derived from the user and a key outside the log, so it needs no storage, and, as GitHub's
// "older, non revocable auth tokens" are, it reads those feeds alone and is not revoked.
export interface FeedTokens {
  tokenFor(userId: number): Promise<string>;
  verifies(userId: number, token: string): Promise<boolean>;
}
