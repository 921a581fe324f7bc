import { inject, injectable } from 'inversify';
import { isWellFormedToken } from '../../domain/authorizations/tokenFormat.js';
import { OAuthApplicationQueries } from '../accounts/oauthApplication.queries.js';
import { AuthorizationQueries } from './authorization.queries.js';
import { hashToken, sameHash } from './personalTokens.js';

export interface TokenSignIn {
  readonly userId: number;
  readonly authorizationId: number;
  readonly scopes: readonly string[];
}

// A token is found by its SHA-256 hash (the only form stored); a deleted one is gone from the
// read model the moment its deletion was answered, so it fails on the very next request, and
// so does one of a deleted application.
@injectable()
export class AuthenticateWithToken {
  constructor(
    @inject(AuthorizationQueries) private readonly queries: AuthorizationQueries,
    @inject(OAuthApplicationQueries) private readonly applications: OAuthApplicationQueries,
  ) {}

  // Whether a Basic password is a token rather than a password (its shape and checksum say so).
  looksLikeToken(secret: string): boolean {
    return isWellFormedToken(secret);
  }

  async execute(token: string): Promise<TokenSignIn | null> {
    if (!isWellFormedToken(token)) return null;
    const hashed = hashToken(token);
    const authorization = await this.queries.byHashedToken(hashed);
    if (!authorization || !sameHash(authorization.hashed_token, hashed)) return null;
    // An application's token lives no longer than its application (whose deletion revokes it).
    if (authorization.client_id !== null && !(await this.applications.applicationByClientId(authorization.client_id))) return null;
    return { userId: authorization.user_id, authorizationId: authorization.id, scopes: authorization.scopes };
  }
}
