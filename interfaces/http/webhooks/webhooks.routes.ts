import type { NextFunction, Request, Response, Router } from 'express';
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../../../application/shared/appError.js';
import type { HookConfigInput, HookInput } from '../../../application/webhooks/hookCommands.handler.js';
import type { HookDocument } from '../../../application/webhooks/webhooks.readModel.js';
import type { HookOwner } from '../../../domain/webhooks/hook.events.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { sendGithubError } from '../shared/githubError.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { pathNumber } from '../shared/pathParams.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { CreateHookBody, HookConfigBody, UpdateHookBody } from './webhooks.codecs.js';
import type { WebhooksDeps } from './webhooks.deps.js';
import { deliveryItemJson, deliveryJson, hookConfigJson, hookJson, type HookHome } from './webhooks.encoders.js';

// Who a request's hooks belong to and where they live; null once the request was answered.
interface HookScope {
  readonly owner: HookOwner;
  readonly home: HookHome;
}

type Scoped = (req: Request, res: Response, scope: HookScope) => Promise<void>;

function configInput(
  config: { url?: string; content_type?: 'json' | 'form'; secret?: string | null; insecure_ssl?: string | number } | undefined,
): HookConfigInput | undefined {
  if (config === undefined) return undefined;
  return {
    ...(config.url !== undefined ? { url: config.url } : {}),
    ...(config.content_type !== undefined ? { contentType: config.content_type } : {}),
    ...(config.secret !== undefined ? { secret: config.secret } : {}),
    ...(config.insecure_ssl !== undefined ? { insecureSsl: String(config.insecure_ssl) === '1' ? '1' : '0' } : {}),
  };
}

async function hookOf(req: Request, res: Response, deps: WebhooksDeps, scope: HookScope): Promise<HookDocument | null> {
  const hookId = pathNumber(req.params.hook_id);
  const hook = hookId === null ? null : await deps.hooks.ofOwner(scope.owner, hookId);
  if (!hook) sendNotFound(res);
  return hook;
}

type WithHook = (req: Request, res: Response, scope: HookScope, hook: HookDocument) => Promise<void>;

// The routes of one hook: 404 unless it is this owner's.
function oneHook(deps: WebhooksDeps, scoped: (handler: Scoped) => (req: Request, res: Response, next: NextFunction) => void) {
  return (handler: WithHook) =>
    scoped(async (req, res, scope) => {
      const hook = await hookOf(req, res, deps, scope);
      if (hook) await handler(req, res, scope, hook);
    });
}

// A 204 for a command that succeeded, GitHub's error otherwise.
function sendNoContent(res: Response, outcome: Either<AppError, unknown>): void {
  if (isLeft(outcome)) return sendAppError(res, outcome.left);
  res.status(204).end();
}

// The hook routes, the same under a repository and an organization.
function hookRoutes(
  router: Router,
  prefix: string,
  deps: WebhooksDeps,
  scoped: (handler: Scoped) => (req: Request, res: Response, next: NextFunction) => void,
): void {
  const withHook = oneHook(deps, scoped);
  router.get(
    `${prefix}/hooks`,
    scoped(async (req, res, scope) => {
      const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
      const { hooks, totalCount } = await deps.hooks.page(scope.owner, page, perPage);
      setLinkHeader(req, res, { page, perPage, totalCount });
      res.json(hooks.map((hook) => hookJson(hook, scope.home, urlsOf(res))));
    }),
  );

  router.post(
    `${prefix}/hooks`,
    scoped(async (req, res, scope) => {
      const body = decodeInput(CreateHookBody, bodyOrEmpty(req.body), 'Hook');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      if (body.right.name !== undefined && body.right.name !== 'web') {
        return sendGithubError(res, 422, 'Validation Failed', {
          errors: [{ resource: 'Hook', field: 'name', code: 'invalid', message: 'Name must be "web"' }],
        });
      }
      const input: HookInput = {
        ...(body.right.events !== undefined ? { events: body.right.events } : {}),
        ...(body.right.active !== undefined ? { active: body.right.active } : {}),
        ...(body.right.config !== undefined ? { config: configInput(body.right.config)! } : {}),
      };
      const created = await deps.commands.create(scope.owner, input, commandContext(req, res, deps.clock.now()));
      if (isLeft(created)) return sendAppError(res, created.left);
      const json = hookJson(created.right, scope.home, urlsOf(res));
      res.setHeader('Location', json.url);
      res.status(201).json(json);
    }),
  );

  router.get(
    `${prefix}/hooks/:hook_id`,
    withHook(async (_req, res, scope, hook) => void res.json(hookJson(hook, scope.home, urlsOf(res)))),
  );

  router.patch(
    `${prefix}/hooks/:hook_id`,
    withHook(async (req, res, scope, hook) => {
      const body = decodeInput(UpdateHookBody, bodyOrEmpty(req.body), 'Hook');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      const { events, add_events: addEvents, remove_events: removeEvents, active, config } = body.right;
      const input: HookInput = {
        ...(events !== undefined ? { events } : {}),
        ...(addEvents !== undefined ? { addEvents } : {}),
        ...(removeEvents !== undefined ? { removeEvents } : {}),
        ...(active !== undefined ? { active } : {}),
        ...(config !== undefined ? { config: configInput(config)! } : {}),
      };
      const updated = await deps.commands.update(hook, input, commandContext(req, res, deps.clock.now()));
      if (isLeft(updated)) return sendAppError(res, updated.left);
      res.json(hookJson(updated.right, scope.home, urlsOf(res)));
    }),
  );

  router.delete(
    `${prefix}/hooks/:hook_id`,
    withHook(async (req, res, scope, hook) => {
      sendNoContent(res, await deps.commands.delete(hook, commandContext(req, res, deps.clock.now())));
    }),
  );

  router.get(
    `${prefix}/hooks/:hook_id/config`,
    withHook(async (_req, res, _scope, hook) => void res.json(hookConfigJson(hook))),
  );

  router.patch(
    `${prefix}/hooks/:hook_id/config`,
    withHook(async (req, res, scope, hook) => {
      const body = decodeInput(HookConfigBody, bodyOrEmpty(req.body), 'Hook');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      const updated = await deps.commands.update(hook, { config: configInput(body.right)! }, commandContext(req, res, deps.clock.now()));
      if (isLeft(updated)) return sendAppError(res, updated.left);
      res.json(hookConfigJson(updated.right));
    }),
  );

  router.post(
    `${prefix}/hooks/:hook_id/pings`,
    withHook(async (req, res, scope, hook) => {
      sendNoContent(res, await deps.commands.ping(hook, commandContext(req, res, deps.clock.now())));
    }),
  );

  router.get(
    `${prefix}/hooks/:hook_id/deliveries`,
    withHook(async (req, res, scope, hook) => {
      const { perPage } = parsePagination(req.query as Record<string, unknown>);
      // GitHub pages deliveries with a cursor: the id the next page starts below.
      const cursor = typeof req.query.cursor === 'string' && /^\d+$/.test(req.query.cursor) ? Number(req.query.cursor) : null;
      const deliveries = await deps.hooks.deliveriesOf(hook.id, perPage, cursor);
      if (deliveries.length === perPage) {
        const next = new URL(`${urlsOf(res).api(`${req.baseUrl}${req.path}`)}`);
        next.searchParams.set('per_page', String(perPage));
        next.searchParams.set('cursor', String(deliveries.at(-1)!.id));
        res.setHeader('Link', `<${next.toString()}>; rel="next"`);
      }
      res.json(deliveries.map(deliveryItemJson));
    }),
  );

  router.get(
    `${prefix}/hooks/:hook_id/deliveries/:delivery_id`,
    withHook(async (req, res, scope, hook) => {
      const deliveryId = pathNumber(req.params.delivery_id);
      const delivery = deliveryId === null ? null : await deps.hooks.delivery(hook.id, deliveryId);
      if (!delivery) return sendNotFound(res);
      res.json(deliveryJson(delivery, scope.home, urlsOf(res)));
    }),
  );

  router.post(
    `${prefix}/hooks/:hook_id/deliveries/:delivery_id/attempts`,
    withHook(async (req, res, scope, hook) => {
      const deliveryId = pathNumber(req.params.delivery_id);
      const delivery = deliveryId === null ? null : await deps.hooks.delivery(hook.id, deliveryId);
      if (!delivery) return sendNotFound(res);
      await deps.commands.redeliver(delivery, commandContext(req, res, deps.clock.now()));
      res.status(202).json({});
    }),
  );
}

export function repositoryHookRoutes(router: Router, deps: WebhooksDeps): void {
  // Repository admins only; anyone else who can see the repository is told 404, as GitHub does.
  const scoped = (handler: Scoped) => async (req: Request, res: Response) => {
    const { repository, owner, role } = repositoryScopeOf(res);
    if (role !== 'admin') return sendNotFound(res);
    await handler(req, res, { owner: { kind: 'repository', id: repository.id }, home: { kind: 'repository', fullName: `${owner.login}/${repository.name}` } });
  };
  hookRoutes(router, '/repos/:owner/:repo', deps, scoped);
  // POST .../tests: GitHub sends the latest push again to a hook that listens to pushes; 204 either way.
  // GitHub's hook object names `.../test` as its test_url; the documented operation is `.../tests`.
  router.post(
    ['/repos/:owner/:repo/hooks/:hook_id/tests', '/repos/:owner/:repo/hooks/:hook_id/test'],
    oneHook(deps, scoped)(async (req, res, _scope, hook) => sendNoContent(res, await deps.commands.test(hook, commandContext(req, res, deps.clock.now())))),
  );
}

export function organizationHookRoutes(router: Router, deps: WebhooksDeps): void {
  // Organization owners (and site administrators) only; others get 404.
  const scoped = (handler: Scoped) => async (req: Request, res: Response) => {
    const caller = accessCallerOf(res);
    const organization = await deps.repositories.accountByLogin(String(req.params.org));
    if (!caller || !organization || organization.type !== 'Organization') return sendNotFound(res);
    const membership = await deps.organizations.membership(organization.id, caller.userId);
    if (!caller.siteAdmin && membership?.role !== 'admin') return sendNotFound(res);
    await handler(req, res, { owner: { kind: 'organization', id: organization.id }, home: { kind: 'organization', login: organization.login } });
  };
  router.use('/orgs/:org/hooks', requireUser);
  hookRoutes(router, '/orgs/:org', deps, scoped);
}
