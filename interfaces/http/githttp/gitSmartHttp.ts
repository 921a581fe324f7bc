import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { GitPushes, type PushedUpdate } from '../../../application/gitdata/gitPushes.service.js';
import { RepositoryGit } from '../../../application/repositories/repositoryGit.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import type { CommandContext } from '../../../application/shared/commandContext.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import type { GitStorage } from '../../../application/shared/ports/gitStorage.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { REPOSITORY_OPERATIONS } from '../../../domain/shared/access.js';
import type { Config } from '../../../infrastructure/shared/config/config.js';
import { installGitHooks } from '../../../infrastructure/shared/git/gitHooks.js';
import { serveWithHttpBackend } from '../../../infrastructure/shared/git/gitHttpBackend.js';
import { accessCallerOf, movedRepository } from '../repositories/repositoryScope.js';
import { callerOf } from '../shared/caller.js';
import { clientIp } from '../shared/clientAddress.js';
import { commandContext } from '../shared/requestContext.js';

const GIT_PATH = /^\/([^/]+)\/([^/]+?)(?:\.git)?\/(info\/refs|git-upload-pack|git-receive-pack)$/;
const HOOK_PATH = '/_forgelog/push-hooks/pre-receive';

interface PendingPush {
  readonly repositoryId: number;
  readonly context: CommandContext;
}

function plain(res: Response, status: number, text: string, headers: Record<string, string> = {}): void {
  res.status(status);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(`${text}\n`);
}

// Clone, fetch and push over HTTP at <owner>/<repo>.git, as on GitHub, served by git's own
// http-backend. Reading needs read access (anonymous for public repositories), pushing
// needs write access; credentials are asked for with a 401 and WWW-Authenticate as git
// expects. A push's ref updates are recorded in the log by its pre-receive hook, which calls
// back (hooks()) with a token known only to this push.
export function gitSmartHttp(container: Container): {
  readonly hooks: RequestHandler;
  readonly exemptFromRateLimits: RequestHandler;
  readonly serve: RequestHandler;
} {
  const repositories = container.get(RepositoryQueries);
  const access = container.get(RepositoryAccessQuery);
  const repositoryGit = container.get(RepositoryGit);
  const git = container.get<GitStorage>(TOKENS.GitStorage);
  const pushes = container.get(GitPushes);
  const clock = container.get<Clock>(TOKENS.Clock);
  const config = container.get<Config>(TOKENS.Config);
  const pending = new Map<string, PendingPush>();
  let hooksDirectory: Promise<string> | undefined;

  const hooks: RequestHandler = (req, res, next) => {
    if (req.method !== 'POST' || req.path !== HOOK_PATH) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 1024 * 1024) chunks.push(chunk);
    });
    req.once('end', () => {
      void (async () => {
        let body: { token?: unknown; updates?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          return plain(res, 400, 'forgelog: unreadable hook call');
        }
        const push = typeof body.token === 'string' ? pending.get(body.token) : undefined;
        if (!push || !Array.isArray(body.updates)) return plain(res, 403, 'forgelog: unknown push');
        const recorded = await pushes.record(push.repositoryId, body.updates as PushedUpdate[], push.context);
        if (isLeft(recorded)) return plain(res, 409, `forgelog: ${recorded.left}`);
        plain(res, 200, 'ok');
      })().catch(next);
    });
  };

  const serve: RequestHandler = async (req: Request, res: Response, next) => {
    const match = GIT_PATH.exec(req.path);
    if (!match) return next();
    const [, ownerLogin, name, action] = match as unknown as [string, string, string, string];
    const pushing = action === 'git-receive-pack' || (action === 'info/refs' && req.query.service === 'git-receive-pack');
    const caller = accessCallerOf(res);
    const challenge = { 'WWW-Authenticate': 'Basic realm="forgelog"' };
    const owner = await repositories.accountByLogin(ownerLogin);
    // GitHub: clones, fetches and pushes at a renamed or transferred repository's old address
    // keep working, as if made at the new one.
    const repository = (owner ? await repositories.byOwnerAndName(owner.id, name) : null) ?? (await movedRepository(repositories, owner, ownerLogin, name));
    const role = repository ? await access.roleFor(caller, repository) : 'none';
    if (!repository || role === 'none') {
      // Anonymous: maybe private; git asks for credentials and tries again.
      return caller === null ? plain(res, 401, 'Authentication required', challenge) : plain(res, 404, 'Repository not found.');
    }
    if (pushing) {
      if (caller === null) return plain(res, 401, 'Authentication required', challenge);
      const allowed = await access.authorize(caller, repository, REPOSITORY_OPERATIONS.write);
      if (isLeft(allowed)) {
        // GitHub's words for the two refusals a git client shows its user.
        if (allowed.left._tag === 'RepositoryArchived') return plain(res, 403, 'This repository was archived so it is read-only.');
        if (allowed.left._tag === 'RepositoryLocked')
          return plain(res, 403, "This repository is currently being migrated. It's locked while the migration is in progress.");
        return plain(res, 403, `Permission to ${ownerLogin}/${name}.git denied to ${callerOf(res).kind === 'user' ? 'you' : 'anonymous'}.`);
      }
    }
    if (!(await repositoryGit.ensure(repository.id))) return plain(res, 404, 'Repository not found.');
    hooksDirectory ??= installGitHooks(join(config.dataDir, 'git-hooks'));
    const token = randomUUID();
    if (action === 'git-receive-pack') pending.set(token, { repositoryId: repository.id, context: commandContext(req, res, clock.now()) });
    const host = req.socket.localAddress?.includes(':') ? `[${req.socket.localAddress}]` : req.socket.localAddress;
    try {
      await serveWithHttpBackend(req, res, {
        projectRoot: dirname(git.pathOf(repository.id)),
        pathInfo: `/${repository.id}.git/${action}`,
        remoteUser: caller === null ? null : String(caller.userId),
        remoteAddress: clientIp(req),
        environment: { FORGELOG_PUSH_URL: `http://${host}:${req.socket.localPort}${HOOK_PATH}`, FORGELOG_PUSH_TOKEN: token },
        hooksPath: await hooksDirectory,
        homeDirectory: config.dataDir,
      });
    } finally {
      pending.delete(token);
    }
  };
  const exemptFromRateLimits: RequestHandler = (req, res, next) => {
    if (GIT_PATH.test(req.path)) res.locals.rateLimitResource = 'git';
    next();
  };
  return { hooks, exemptFromRateLimits, serve };
}
