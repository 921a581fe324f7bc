import type { Request, Response, Router } from 'express';
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import type { SourceImportCommands } from '../../../application/imports/sourceImportCommands.handler.js';
import type { SourceImportQueries } from '../../../application/imports/sourceImports.queries.js';
import type { AppError } from '../../../application/shared/appError.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { urlsOf } from '../shared/apiUrls.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { pathNumber } from '../shared/pathParams.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { repositoryScopeOf } from '../repositories/repositoryScope.js';
import { LfsPreferenceBody, MapAuthorBody, StartImportBody, UpdateImportBody } from './imports.codecs.js';
import { importJson, largeFileJson, porterAuthorJson } from './imports.encoders.js';

export interface ImportsDeps {
  readonly commands: SourceImportCommands;
  readonly imports: SourceImportQueries;
  readonly clock: Clock;
}

interface ImportScope {
  readonly repositoryId: number;
  readonly fullName: string;
}

type Scoped = (req: Request, res: Response, scope: ImportScope) => Promise<void>;

// Repository administrators only; anyone else who can see the repository is told 404.
const scoped = (handler: Scoped) => async (req: Request, res: Response) => {
  const { repository, owner, role } = repositoryScopeOf(res);
  if (role !== 'admin') return sendNotFound(res);
  await handler(req, res, { repositoryId: repository.id, fullName: `${owner.login}/${repository.name}` });
};

const PATH = '/repos/:owner/:repo/import';

// A request sent without a body decodes as {}, so a required field is named as missing; a JSON
// `null` stays null and is refused as no object, as any other non-object body is.
// The eight source-import operations (GitHub Importer's API).
export function importRoutes(router: Router, deps: ImportsDeps): void {
  // The import as it stands after a command: 404 when there is none.
  const answerImport = async (res: Response, scope: ImportScope, outcome: Either<AppError, void>, status = 200, located = status === 201): Promise<void> => {
    if (isLeft(outcome)) return sendAppError(res, outcome.left);
    const found = await deps.imports.byRepository(scope.repositoryId);
    if (!found) return sendNotFound(res);
    const body = importJson(found, scope.fullName, urlsOf(res));
    if (located) res.setHeader('Location', body.url);
    res.status(status).json(body);
  };

  router.get(
    PATH,
    scoped(async (_req, res, scope) => {
      const found = await deps.imports.byRepository(scope.repositoryId);
      if (!found) return sendNotFound(res);
      res.json(importJson(found, scope.fullName, urlsOf(res)));
    }),
  );

  router.put(
    PATH,
    scoped(async (req, res, scope) => {
      const body = decodeInput(StartImportBody, bodyOrEmpty(req.body), 'Import');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      const { vcs_url, vcs, vcs_username, vcs_password, tfvc_project } = body.right;
      const input = {
        vcsUrl: vcs_url,
        ...(vcs !== undefined ? { vcs } : {}),
        ...(tfvc_project !== undefined ? { tfvcProject: tfvc_project } : {}),
        ...(vcs_username !== undefined ? { username: vcs_username } : {}),
        ...(vcs_password !== undefined ? { password: vcs_password } : {}),
      };
      await answerImport(res, scope, await deps.commands.start(scope.repositoryId, input, commandContext(req, res, deps.clock.now())), 201);
    }),
  );

  router.patch(
    PATH,
    scoped(async (req, res, scope) => {
      const body = decodeInput(UpdateImportBody, bodyOrEmpty(req.body), 'Import');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      const { vcs, vcs_username, vcs_password, tfvc_project } = body.right;
      const input = {
        ...(vcs !== undefined ? { vcs } : {}),
        ...(tfvc_project !== undefined ? { tfvcProject: tfvc_project } : {}),
        ...(vcs_username !== undefined ? { username: vcs_username } : {}),
        ...(vcs_password !== undefined ? { password: vcs_password } : {}),
      };
      // GitHub's docs answer a restart without parameters with the import's Location, as a start.
      const restartOnly = Object.keys(input).length === 0;
      await answerImport(res, scope, await deps.commands.update(scope.repositoryId, input, commandContext(req, res, deps.clock.now())), 200, restartOnly);
    }),
  );

  router.delete(
    PATH,
    scoped(async (req, res, scope) => {
      const outcome = await deps.commands.cancel(scope.repositoryId, commandContext(req, res, deps.clock.now()));
      if (isLeft(outcome)) return sendAppError(res, outcome.left);
      res.status(204).end();
    }),
  );

  router.get(
    `${PATH}/authors`,
    scoped(async (req, res, scope) => {
      if (!(await deps.imports.byRepository(scope.repositoryId))) return sendNotFound(res);
      // Digits of any length (an id past every one leaves none after it); anything else lists from the first.
      const since = typeof req.query.since === 'string' && /^\d+$/.test(req.query.since) ? Number(req.query.since) : 0;
      const authors = await deps.imports.authors(scope.repositoryId, since);
      res.json(authors.map((author) => porterAuthorJson(author, scope.fullName, urlsOf(res))));
    }),
  );

  router.patch(
    `${PATH}/authors/:author_id`,
    scoped(async (req, res, scope) => {
      const authorId = pathNumber(req.params.author_id);
      if (authorId === null) return sendNotFound(res);
      const body = decodeInput(MapAuthorBody, bodyOrEmpty(req.body), 'Author');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      const { name, email } = body.right;
      const identity = { ...(name !== undefined ? { name } : {}), ...(email !== undefined ? { email } : {}) };
      const outcome = await deps.commands.mapAuthor(scope.repositoryId, authorId, identity, commandContext(req, res, deps.clock.now()));
      if (isLeft(outcome)) return sendAppError(res, outcome.left);
      const author = await deps.imports.author(scope.repositoryId, authorId);
      if (!author) return sendNotFound(res);
      // Its name and email as this mapping left them, not another's landed since (twenty at once).
      res.json(porterAuthorJson({ ...author, name: outcome.right.name, email: outcome.right.email }, scope.fullName, urlsOf(res)));
    }),
  );

  router.get(
    `${PATH}/large_files`,
    scoped(async (_req, res, scope) => {
      const found = await deps.imports.byRepository(scope.repositoryId);
      if (!found) return sendNotFound(res);
      res.json(found.large_files.map(largeFileJson));
    }),
  );

  router.patch(
    `${PATH}/lfs`,
    scoped(async (req, res, scope) => {
      const body = decodeInput(LfsPreferenceBody, bodyOrEmpty(req.body), 'Import');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      await answerImport(res, scope, await deps.commands.setLfsPreference(scope.repositoryId, body.right.use_lfs, commandContext(req, res, deps.clock.now())));
    }),
  );
}
