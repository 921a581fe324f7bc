import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { AuthenticateWithPassword } from '../../application/accounts/authenticateWithPassword.query.js';
import { OAuthApplicationQueries } from '../../application/accounts/oauthApplication.queries.js';
import { UserQueries } from '../../application/accounts/user.queries.js';
import { AuthenticateWithToken } from '../../application/authorizations/authenticateWithToken.query.js';
import type { Runtime } from '../../infrastructure/shared/container/runtime.js';
import { resolveApiUrls } from './shared/apiUrls.js';
import { answerFailedSignIns, authenticate } from './shared/authentication.js';
import { errorHandler } from './shared/errorHandler.js';
import { jsonBody } from './shared/jsonBody.js';
import { mediaType } from './shared/mediaType.js';
import { notFound } from './shared/notFound.js';
import { operationsRouted } from './shared/documentationUrl.js';
import { registerPlatformMetrics } from './platformMetrics.js';
import { AREA_ROUTERS, POLLED_ROUTERS } from './areaRouters.js';
import { gitSmartHttp } from './githttp/gitSmartHttp.js';
import { createMetricsRegistry, httpMetrics, observabilityEndpoints } from './shared/observability.js';
import { rateLimiter, rateLimitSettingsFrom, searchRoutesUseSearchBudget } from './shared/rateLimit.js';
import { pipeline } from './shared/pipeline.js';
import { requestLog } from './shared/requestLog.js';
import { crossOrigin } from './shared/crossOrigin.js';
import { readiness } from './readiness.js';
import { rootDocument } from './shared/rootDocument.js';
import { enforceTokenScopes } from './shared/oauthScopeTable.js';
import { atomFeedsExemptFromRateLimits } from './activity/atomFeeds.routes.js';

// What the server runs for a request (expressOnNodeHttp.ts): `front`, the cross-cutting
// middleware and then the polled feeds, as one function outside express's router (whose
// walk of its layers measured as 7% of a 304 poll); then, if nothing answered, `app`, express
// with every other route, the 404 and the error answer. An error `front` raises goes to
// `answerError`, the same handler as express's.
export interface ForgelogApp {
  readonly front: RequestHandler;
  readonly app: Express;
  readonly answerError: ErrorRequestHandler;
}

// The order matters: who is calling is known before rate limits are counted. ETags and 304s
// are decided where every JSON answer is written (shared/jsonResponse.ts).
export function createApp(runtime: Runtime): ForgelogApp {
  const { container, logger } = runtime;
  const users = container.get(UserQueries);
  const limiter = rateLimiter(rateLimitSettingsFrom(runtime.config.rateLimits, () => runtime.clock.now().getTime()));
  const metrics = createMetricsRegistry();
  registerPlatformMetrics(metrics, runtime);
  const git = gitSmartHttp(container);
  const app = express();
  app.set('etag', false);
  app.set('x-powered-by', false);
  // Forwarding headers only from the proxies the operator names (FORGELOG_TRUSTED_PROXIES).
  app.set('trust proxy', runtime.config.trustedProxies.length > 0 ? [...runtime.config.trustedProxies] : false);
  // One pipeline of the cross-cutting middleware: a router matches a path for each of its
  // layers on every request, and the health endpoints answer from within it.
  const front = pipeline(
    requestLog(logger),
    httpMetrics(metrics),
    // Before authentication: a browser's preflight carries no credentials.
    crossOrigin(),
    observabilityEndpoints({ registry: metrics, isReady: () => readiness(runtime) }),
    // A push's pre-receive hook calling back (with its own token): before authentication and limits.
    git.hooks,
    resolveApiUrls(runtime.config.baseUrl),
    mediaType(),
    authenticate({
      passwords: container.get(AuthenticateWithPassword),
      tokens: container.get(AuthenticateWithToken),
      users,
      applications: container.get(OAuthApplicationQueries),
    }),
    enforceTokenScopes(),
    searchRoutesUseSearchBudget(),
    git.exemptFromRateLimits,
    atomFeedsExemptFromRateLimits,
    limiter.middleware,
    answerFailedSignIns(),
    // Clone, fetch and push: streamed to git, never read as JSON.
    git.serve,
    jsonBody(),
    // From here a refusal names its operation's page; the ones above name the general page.
    operationsRouted(),
    ...POLLED_ROUTERS.map((polledRouter) => polledRouter(container)),
  );
  for (const areaRouter of AREA_ROUTERS) app.use(areaRouter(container));
  // Last of the routes, so API requests do not walk past it; the limiter charged it, and
  // the status route refunds its own request.
  app.get('/rate_limit', limiter.statusHandler);
  app.get('/', rootDocument);
  app.use(notFound());
  const answerError = errorHandler(logger);
  app.use(answerError);
  return { front, app, answerError };
}
