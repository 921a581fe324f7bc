import { Router, type Request, type Response } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { ApplicationTokens } from '../../../application/authorizations/applicationTokens.query.js';
import { AuthorizationCommands } from '../../../application/authorizations/authorizationCommands.js';
import { AuthorizationQueries } from '../../../application/authorizations/authorization.queries.js';
import type { AuthorizationDocument } from '../../../application/authorizations/authorizations.readModel.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { applicationCredentialsOf } from '../shared/authentication.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound } from '../shared/respond.js';

type Encode = (res: Response, authorization: AuthorizationDocument, token: string | null) => Promise<unknown>;

// The application's own credentials: Basic client_id:client_secret naming the path's client_id
// (authentication.ts leaves them to this route), or the client_id and client_secret query
// parameters, which @octokit/rest 16 sends on the grants path.
function credentialsOf(req: Request, res: Response): { clientId: string; clientSecret: string } | null {
  const clientId = String(req.params.client_id);
  const basic = applicationCredentialsOf(res);
  if (basic) return basic.clientId === clientId ? basic : null;
  const { client_id: queryId, client_secret: querySecret } = req.query;
  return queryId === clientId && typeof querySecret === 'string' ? { clientId, clientSecret: querySecret } : null;
}

// GitHub's OAuth Applications API as @octokit/rest 16 calls it (oauthAuthorizations.checkAuthorization,
// resetAuthorization, revokeAuthorizationForApplication, revokeGrantForApplication). A wrong secret, a token of
// another application, an unknown token and no credentials all answer 404, as GitHub's did.
export function applicationTokensRouter(container: Container, clock: Clock, encode: Encode): Router {
  const tokens = container.get(ApplicationTokens);
  const commands = container.get(AuthorizationCommands);
  const queries = container.get(AuthorizationQueries);
  const router = Router();

  const tokenOf = async (req: Request, res: Response): Promise<AuthorizationDocument | null> => {
    const credentials = credentialsOf(req, res);
    return credentials ? tokens.tokenOf(credentials.clientId, credentials.clientSecret, String(req.params.access_token)) : null;
  };

  // The application knows the token: the answer shows it, as GitHub's did.
  router.get('/applications/:client_id/tokens/:access_token', async (req: Request, res: Response) => {
    const authorization = await tokenOf(req, res);
    if (!authorization) return sendNotFound(res);
    res.json(await encode(res, authorization, String(req.params.access_token)));
  });

  // The new token is in this answer only.
  router.post('/applications/:client_id/tokens/:access_token', async (req: Request, res: Response) => {
    const authorization = await tokenOf(req, res);
    if (!authorization) return sendNotFound(res);
    const reset = await commands.resetForApplication(authorization, commandContext(req, res, clock.now()));
    if (isLeft(reset)) return sendAppError(res, reset.left);
    res.json(await encode(res, reset.right.authorization, reset.right.token));
  });

  router.delete('/applications/:client_id/tokens/:access_token', async (req: Request, res: Response) => {
    const authorization = await tokenOf(req, res);
    if (!authorization) return sendNotFound(res);
    const revoked = await commands.revokeForApplication(authorization, commandContext(req, res, clock.now()));
    if (isLeft(revoked)) return sendAppError(res, revoked.left);
    res.status(204).end();
  });

  // Every token of the application for the token's user ends, and the grant with them.
  router.delete('/applications/:client_id/grants/:access_token', async (req: Request, res: Response) => {
    const authorization = await tokenOf(req, res);
    const grant = authorization && authorization.application_id !== null ? await queries.grantFor(authorization.user_id, authorization.application_id) : null;
    if (!authorization || !grant) return sendNotFound(res);
    const revoked = await commands.revokeGrant(authorization.user_id, grant.id, commandContext(req, res, clock.now()));
    if (isLeft(revoked)) return sendAppError(res, revoked.left);
    res.status(204).end();
  });
  return router;
}
