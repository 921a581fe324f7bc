import { inject, injectable } from 'inversify';
import { isWellFormedToken } from '../../domain/authorizations/tokenFormat.js';
import { AuthorizationQueries } from './authorization.queries.js';
import { hashToken, sameHash } from './personalTokens.js';

export interface TokenSignIn {
  readonly userId: number;
  readonly authorizationId: number;
  readonly scopes: readonly string[];
}

// A token is found by its SHA-256 hash (the only form stored); a deleted one is gone from the
// read model the moment its deletion was answered, so it fails on the very next request.
@injectable()
export class AuthenticateWithToken {
  constructor(@inject(AuthorizationQueries) private readonly queries: AuthorizationQueries) {}

  // Whether a Basic password is a token rather than a password (its shape and checksum say so).
  looksLikeToken(secret: string): boolean {
    return isWellFormedToken(secret);
  }

  async execute(token: string): Promise<TokenSignIn | null> {
    if (!isWellFormedToken(token)) return null;
    const hashed = hashToken(token);
    const authorization = await this.queries.byHashedToken(hashed);
    if (!authorization || !sameHash(authorization.hashed_token, hashed)) return null;
    return { userId: authorization.user_id, authorizationId: authorization.id, scopes: authorization.scopes };
  }
}
