import { pathNumber } from '../shared/pathParams.js';
import { Router, type Request, type Response } from 'express';
import type { Container } from 'inversify';
import { isLeft } from 'fp-ts/lib/Either.js';
import { OAuthApplicationQueries } from '../../../application/accounts/oauthApplication.queries.js';
import { UserQueries } from '../../../application/accounts/user.queries.js';
import { AuthorizationCommands } from '../../../application/authorizations/authorizationCommands.js';
import { AuthorizationHistory } from '../../../application/authorizations/authorizationHistory.query.js';
import { AuthorizationQueries } from '../../../application/authorizations/authorization.queries.js';
import type { AuthorizationDocument } from '../../../application/authorizations/authorizations.readModel.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import type { Config } from '../../../infrastructure/shared/config/config.js';
import { urlsOf } from '../shared/apiUrls.js';
import { callerOf } from '../shared/caller.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { sendGithubError } from '../shared/githubError.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { authorizationJson, grantJson } from './authorizations.encoders.js';
import { authorizationsApiPolicy, passwordOnly } from './authorizationsApiPolicy.js';
import { clientIdFilterOf } from './clientIdFilter.js';
import { applicationTokensRouter } from './applicationTokens.routes.js';
import { CreateAuthorizationBody, GetOrCreateAuthorizationBody, UpdateAuthorizationBody } from './authorizations.codecs.js';
import { AS_OF_INVALID, asOfInstant } from '../shared/asOfInstant.js';

// A blank fingerprint in a body is none, as GitHub reads it (present?), whichever operation
// it is sent to; a path's fingerprint is taken as given.
function fingerprintOf<T extends string | null | undefined>(fingerprint: T): T | null {
  return typeof fingerprint === 'string' && fingerprint.trim() === '' ? null : fingerprint;
}

function signedIn(res: Response): { userId: number; siteAdmin: boolean } {
  const caller = callerOf(res);
  if (caller.kind !== 'user') throw new Error('passwordOnly lets only users through');
  return { userId: caller.userId, siteAdmin: caller.siteAdmin };
}

// The ten OAuth authorization and grant operations, and forgelog's two audit extensions:
// GET /authorizations/{id}/history and GET /authorizations/{id}?as_of=<instant>.
export function authorizationsRouter(container: Container): Router {
  const commands = container.get(AuthorizationCommands);
  const queries = container.get(AuthorizationQueries);
  const history = container.get(AuthorizationHistory);
  const applications = container.get(OAuthApplicationQueries);
  const users = container.get(UserQueries);
  const clock = container.get<Clock>(TOKENS.Clock);
  const config = container.get<Config>(TOKENS.Config);
  const router = Router();
  router.use(['/authorizations', '/applications/grants'], authorizationsApiPolicy(config.authorizationsApi, clock), passwordOnly);

  const encode = async (res: Response, authorization: AuthorizationDocument, token: string | null) => {
    const application = authorization.client_id === null ? null : await applications.applicationByClientId(authorization.client_id);
    return authorizationJson(authorization, token, application, await users.userById(authorization.user_id), urlsOf(res));
  };
  // A past state: its application may have been deleted since (taking its live tokens with it).
  const encodePast = async (res: Response, authorization: AuthorizationDocument) => {
    const application =
      authorization.application_id === null
        ? null
        : ((await applications.applicationByClientId(authorization.client_id ?? '')) ?? (await history.registeredApplication(authorization.application_id)));
    return authorizationJson(authorization, null, application, await users.userById(authorization.user_id), urlsOf(res));
  };

  // The application's own calls, with its client_id and secret: the API's policy, not passwordOnly.
  router.use(['/applications/:client_id/tokens', '/applications/:client_id/grants'], authorizationsApiPolicy(config.authorizationsApi, clock));
  router.use(applicationTokensRouter(container, clock, encode));

  router.get('/applications/grants', async (req: Request, res: Response) => {
    const { page, perPage } = parsePagination(req.query);
    const listed = await queries.grantsOf(signedIn(res).userId, clientIdFilterOf(req.query), page, perPage);
    setLinkHeader(req, res, { page, perPage, totalCount: listed.totalCount });
    const user = await users.userById(signedIn(res).userId);
    res.json(
      await Promise.all(listed.items.map(async (grant) => grantJson(grant, await applications.applicationByClientId(grant.client_id), user, urlsOf(res)))),
    );
  });

  router.get('/applications/grants/:grant_id', async (req: Request, res: Response) => {
    const id = pathNumber(req.params.grant_id);
    const grant = id === null ? null : await queries.grantOwnedBy(signedIn(res).userId, id);
    if (!grant) return sendNotFound(res);
    res.json(grantJson(grant, await applications.applicationByClientId(grant.client_id), await users.userById(grant.user_id), urlsOf(res)));
  });

  router.delete('/applications/grants/:grant_id', async (req: Request, res: Response) => {
    const id = pathNumber(req.params.grant_id);
    if (id === null) return sendNotFound(res);
    const revoked = await commands.revokeGrant(signedIn(res).userId, id, commandContext(req, res, clock.now()));
    if (isLeft(revoked)) return sendAppError(res, revoked.left);
    res.status(204).end();
  });

  router.get('/authorizations', async (req: Request, res: Response) => {
    const { page, perPage } = parsePagination(req.query);
    const listed = await queries.ofUser(signedIn(res).userId, page, perPage, clientIdFilterOf(req.query));
    setLinkHeader(req, res, { page, perPage, totalCount: listed.totalCount });
    res.json(await Promise.all(listed.items.map((authorization) => encode(res, authorization, null))));
  });

  router.post('/authorizations', async (req: Request, res: Response) => {
    const body = decodeInput(CreateAuthorizationBody, bodyOrEmpty(req.body), 'OauthAccess');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { scopes, note, note_url: noteUrl, client_id: clientId, client_secret: clientSecret } = body.right;
    const fingerprint = fingerprintOf(body.right.fingerprint);
    const input = {
      ...(scopes !== undefined ? { scopes } : {}),
      ...(note !== undefined ? { note } : {}),
      ...(noteUrl !== undefined ? { noteUrl } : {}),
      ...(fingerprint !== undefined ? { fingerprint } : {}),
      ...(clientId !== undefined ? { clientId } : {}),
      ...(clientSecret !== undefined ? { clientSecret } : {}),
    };
    const created = await commands.create(signedIn(res).userId, input, commandContext(req, res, clock.now()));
    if (isLeft(created)) return sendAppError(res, created.left);
    res.status(201).json(await encode(res, created.right.authorization, created.right.token));
  });

  const getOrCreate = async (req: Request, res: Response) => {
    const body = decodeInput(GetOrCreateAuthorizationBody, bodyOrEmpty(req.body), 'OauthAccess');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { scopes, note, note_url: noteUrl } = body.right;
    const fingerprint = req.params.fingerprint !== undefined ? String(req.params.fingerprint) : (fingerprintOf(body.right.fingerprint) ?? null);
    const input = { ...(scopes !== undefined ? { scopes } : {}), ...(note !== undefined ? { note } : {}), ...(noteUrl !== undefined ? { noteUrl } : {}) };
    const outcome = await commands.getOrCreate(
      signedIn(res).userId,
      String(req.params.client_id),
      body.right.client_secret,
      fingerprint,
      input,
      commandContext(req, res, clock.now()),
    );
    if (isLeft(outcome)) return sendAppError(res, outcome.left);
    const json = await encode(res, outcome.right.authorization, outcome.right.created ? outcome.right.token : null);
    // GitHub documents Location on the 200 of an existing token too, not only on the 201.
    res.setHeader('Location', json.url);
    res.status(outcome.right.created ? 201 : 200).json(json);
  };
  router.put('/authorizations/clients/:client_id', getOrCreate);
  router.put('/authorizations/clients/:client_id/:fingerprint', getOrCreate);

  // The owner, or a site administrator, reads a token's history: a deleted one's too.
  const readableHistory = async (res: Response, raw: unknown): Promise<number | null> => {
    const id = pathNumber(raw);
    if (id === null) return null;
    const owner = await history.ownerOf(id);
    const caller = signedIn(res);
    return owner !== null && (owner === caller.userId || caller.siteAdmin) ? id : null;
  };

  router.get('/authorizations/:authorization_id/history', async (req: Request, res: Response) => {
    const id = await readableHistory(res, req.params.authorization_id);
    if (id === null) return sendNotFound(res);
    const { page, perPage } = parsePagination(req.query);
    const { entries, totalCount } = await history.history(id, { page, perPage });
    setLinkHeader(req, res, { page, perPage, totalCount });
    res.json(entries);
  });

  router.get('/authorizations/:authorization_id', async (req: Request, res: Response) => {
    const asOf = req.query.as_of;
    if (asOf !== undefined) {
      // Read as the projects' as_of is (a repeated one names no instant).
      const instant = asOfInstant(asOf);
      if (!instant)
        return sendGithubError(res, 422, 'Validation Failed', {
          errors: [{ resource: 'OauthAccess', field: 'as_of', code: 'invalid', message: AS_OF_INVALID }],
        });
      const id = await readableHistory(res, req.params.authorization_id);
      const then = id === null ? null : await history.asOf(id, instant);
      if (!then) return sendNotFound(res);
      return res.json(await encodePast(res, then));
    }
    const id = pathNumber(req.params.authorization_id);
    const authorization = id === null ? null : await queries.ownedBy(signedIn(res).userId, id);
    if (!authorization) return sendNotFound(res);
    res.json(await encode(res, authorization, null));
  });

  router.patch('/authorizations/:authorization_id', async (req: Request, res: Response) => {
    const id = pathNumber(req.params.authorization_id);
    // Someone else's token, or none, is 404 whatever the body holds, as on GitHub.
    if (id === null || !(await queries.ownedBy(signedIn(res).userId, id))) return sendNotFound(res);
    const body = decodeInput(UpdateAuthorizationBody, bodyOrEmpty(req.body), 'OauthAccess');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { scopes, add_scopes: addScopes, remove_scopes: removeScopes, note, note_url: noteUrl } = body.right;
    const fingerprint = fingerprintOf(body.right.fingerprint);
    const changes = {
      ...(scopes !== undefined ? { scopes } : {}),
      ...(addScopes !== undefined ? { addScopes } : {}),
      ...(removeScopes !== undefined ? { removeScopes } : {}),
      ...(note !== undefined ? { note } : {}),
      ...(noteUrl !== undefined ? { noteUrl } : {}),
      ...(fingerprint !== undefined ? { fingerprint } : {}),
    };
    const updated = await commands.update(signedIn(res).userId, id, changes, commandContext(req, res, clock.now()));
    if (isLeft(updated)) return sendAppError(res, updated.left);
    res.json(await encode(res, updated.right, null));
  });

  router.delete('/authorizations/:authorization_id', async (req: Request, res: Response) => {
    const id = pathNumber(req.params.authorization_id);
    if (id === null) return sendNotFound(res);
    const deleted = await commands.delete(signedIn(res).userId, id, commandContext(req, res, clock.now()));
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });
  return router;
}
