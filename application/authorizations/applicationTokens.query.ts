import { inject, injectable } from 'inversify';
import { isWellFormedToken } from '../../domain/authorizations/tokenFormat.js';
import { OAuthApplicationQueries } from '../accounts/oauthApplication.queries.js';
import { AuthorizationQueries } from './authorization.queries.js';
import type { AuthorizationDocument } from './authorizations.readModel.js';
import { hashToken, sameHash } from './personalTokens.js';

// What an OAuth application may ask of a token it was given (GitHub's OAuth Applications API:
// check, revoke the token, revoke its grant), proving itself with its client_id and secret.
// A wrong secret, another application's token and an unknown one are alike: none.
@injectable()
export class ApplicationTokens {
  constructor(
    @inject(AuthorizationQueries) private readonly queries: AuthorizationQueries,
    @inject(OAuthApplicationQueries) private readonly applications: OAuthApplicationQueries,
  ) {}

  async tokenOf(clientId: string, clientSecret: string, token: string): Promise<AuthorizationDocument | null> {
    const application = await this.applications.verifyClientCredentials(clientId, clientSecret);
    if (!application || !isWellFormedToken(token)) return null;
    const hashed = hashToken(token);
    const authorization = await this.queries.byHashedToken(hashed);
    if (!authorization || !sameHash(authorization.hashed_token, hashed)) return null;
    return authorization.application_id === application.id ? authorization : null;
  }
}
