import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { DeleteOAuthApplicationHandler } from '../../../application/accounts/deleteOAuthApplication.handler.js';
import type { OAuthApplicationQueries } from '../../../application/accounts/oauthApplication.queries.js';
import type { RegisterOAuthApplicationHandler } from '../../../application/accounts/registerOAuthApplication.handler.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireSiteAdmin, type AuthenticatedCaller } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { RegisterOAuthApplicationBody } from './oauthApplications.codecs.js';
import { oauthApplication, oauthApplicationWithSecret } from './oauthApplications.encoders.js';

export interface OAuthApplicationsRoutesDeps {
  readonly registerApplication: RegisterOAuthApplicationHandler;
  readonly deleteApplication: DeleteOAuthApplicationHandler;
  readonly applications: OAuthApplicationQueries;
  readonly clock: Clock;
}

// GitHub has no REST API for registering OAuth applications; these site-admin routes are
// forgelog's own, beside the `forgelog admin oauth-app` commands.
export function oauthApplicationsRoutes(router: Router, { registerApplication, deleteApplication, applications, clock }: OAuthApplicationsRoutesDeps): void {
  router.post('/admin/oauth-applications', requireSiteAdmin, async (req: Request, res: Response) => {
    const body = decodeInput(RegisterOAuthApplicationBody, bodyOrEmpty(req.body), 'OAuthApplication');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const caller = res.locals.caller as AuthenticatedCaller;
    const { name, url, callback_url } = body.right;
    const registered = await registerApplication.execute({ name, url, callbackUrl: callback_url, owner: caller.login }, commandContext(req, res, clock.now()));
    if (isLeft(registered)) return sendAppError(res, registered.left);
    const application = await applications.applicationByClientId(registered.right.clientId);
    if (!application) return sendNotFound(res);
    res
      .status(201)
      .location(urlsOf(res).api(`/admin/oauth-applications/${application.client_id}`))
      .json(oauthApplicationWithSecret(application, registered.right.clientSecret));
  });

  router.get('/admin/oauth-applications', requireSiteAdmin, async (req: Request, res: Response) => {
    const { page, perPage } = parsePagination(req.query);
    const { applications: items, totalCount } = await applications.applicationsPage(page, perPage);
    setLinkHeader(req, res, { page, perPage, totalCount });
    res.json(items.map(oauthApplication));
  });

  router.get('/admin/oauth-applications/:client_id', requireSiteAdmin, async (req: Request, res: Response) => {
    const application = await applications.applicationByClientId(String(req.params.client_id));
    if (!application) return sendNotFound(res);
    res.json(oauthApplication(application));
  });

  router.delete('/admin/oauth-applications/:client_id', requireSiteAdmin, async (req: Request, res: Response) => {
    const deleted = await deleteApplication.execute(String(req.params.client_id), commandContext(req, res, clock.now()));
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });
}
