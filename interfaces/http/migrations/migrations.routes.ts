import { access, constants } from 'node:fs/promises';
import type { Request, Response, Router } from 'express';
import type { ArchiveImporter } from '../../../application/migrations/archiveImporter.js';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import type { MigrationCommands } from '../../../application/migrations/migrationCommands.handler.js';
import type { MigrationQueries } from '../../../application/migrations/migrationQueries.js';
import type { ArchiveLinks, ArchiveStorage } from '../../../application/migrations/migrationArchive.ports.js';
import type { MigrationDocument } from '../../../application/migrations/migrations.readModel.js';
import type { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import type { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import type { EmbeddedRepositories } from '../../../application/shared/access/embeddedRepositories.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireSiteAdmin, requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { sendGithubError } from '../shared/githubError.js';
import { requirePreview } from '../shared/mediaType.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { pathNumber } from '../shared/pathParams.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf } from '../repositories/repositoryScope.js';
import { fullRepository } from '../repositories/repository.encoders.js';
import { ImportArchiveBody, StartMigrationBody } from './migrations.codecs.js';
import { migrationJson } from './migrations.encoders.js';

export interface MigrationsDeps {
  readonly commands: MigrationCommands;
  readonly migrations: MigrationQueries;
  readonly repositories: RepositoryQueries;
  readonly access: RepositoryAccessQuery;
  readonly embedded: EmbeddedRepositories;
  readonly organizations: OrganizationQueries;
  readonly archives: ArchiveStorage;
  readonly links: ArchiveLinks;
  readonly clock: Clock;
}

// Whose migrations a request is about: an organization (its owners and site administrators)
// or the signed-in user; null once the request was answered.
interface MigrationScope {
  readonly kind: 'organization' | 'user';
  readonly account: UserDocument;
}

type Scoped = (req: Request, res: Response, scope: MigrationScope) => Promise<void>;
type ScopeOf = (handler: Scoped) => (req: Request, res: Response) => Promise<void>;

// How long a download link works (S3's presigned links GitHub answers with last minutes).
const LINK_LIFETIME_MS = 5 * 60_000;

export const ARCHIVE_DOWNLOAD_PATH = '/_forgelog/migration-archives';

function optionsOf(body: typeof StartMigrationBody._A) {
  return {
    lockRepositories: body.lock_repositories ?? false,
    excludeAttachments: body.exclude_attachments ?? false,
    excludeReleases: body.exclude_releases ?? false,
    excludeOwnerProjects: body.exclude_owner_projects ?? false,
    excludeMetadata: body.exclude_metadata ?? false,
    excludeGitData: body.exclude_git_data ?? false,
    orgMetadataOnly: body.org_metadata_only ?? false,
    // once each: a list that names "repositories" 60,000 times says no more than once
    exclude: [...new Set(body.exclude ?? [])],
  };
}

// A migration's repositories as the caller may see them now: access may have changed since
// the migration started (a transfer, a collaborator removed), so each passes the access
// decision a read of it would, and is answered as a read of it is: the caller's permissions,
// a fork's parent and source only where the caller may read them.
async function visibleRepositories(deps: MigrationsDeps, res: Response, ids: readonly number[]): Promise<unknown[]> {
  const urls = urlsOf(res);
  const caller = accessCallerOf(res);
  const shown = [];
  for (const repository of await deps.repositories.byIds(ids)) {
    const role = await deps.access.roleFor(caller, repository);
    if (role === 'none') continue;
    const view = await deps.repositories.view(repository);
    if (!view) continue;
    const related = { parent: await deps.embedded.visible(caller, view.parent), source: await deps.embedded.visible(caller, view.source) };
    shown.push(fullRepository({ ...view, ...related }, urls, role));
  }
  return shown;
}

// `?exclude=repositories` (repeated, or as `exclude[]`, as Rails reads a list): what a
// migration's body leaves out. Express's query parser keeps `exclude[]` under its own name.
const excludedOf = (req: Request): string[] => ([] as unknown[]).concat(req.query.exclude ?? [], req.query['exclude[]'] ?? []).map(String);

function migrationRoutes(router: Router, prefix: string, deps: MigrationsDeps, scoped: ScopeOf): void {
  const wyandotte = requirePreview('wyandotte');
  const render = async (res: Response, scope: MigrationScope, migration: MigrationDocument, exclude: readonly string[] = []) => {
    const trimmed = exclude.includes('repositories') || migration.exclude.includes('repositories');
    const repositories = trimmed ? [] : await visibleRepositories(deps, res, migration.repository_ids);
    return migrationJson(migration, scope.account, repositories, urlsOf(res), exclude);
  };
  const oneMigration = (handler: (req: Request, res: Response, scope: MigrationScope, migration: MigrationDocument) => Promise<void>) =>
    scoped(async (req, res, scope) => {
      const migrationId = pathNumber(req.params.migration_id);
      const migration = migrationId === null ? null : await deps.migrations.ofOwner(scope.kind, scope.account.id, migrationId);
      if (!migration) return sendNotFound(res);
      await handler(req, res, scope, migration);
    });

  router.post(
    `${prefix}/migrations`,
    scoped(async (req, res, scope) => {
      const body = decodeInput(StartMigrationBody, bodyOrEmpty(req.body), 'Migration');
      if (isLeft(body)) return sendValidationFailed(res, body.left);
      const caller = accessCallerOf(res)!;
      const owner = { kind: scope.kind, id: scope.account.id, login: scope.account.login };
      const started = await deps.commands.start(caller, owner, body.right.repositories, optionsOf(body.right), commandContext(req, res, deps.clock.now()));
      if (isLeft(started)) return sendAppError(res, started.left);
      const migration = await deps.migrations.byId(started.right);
      if (!migration) return sendNotFound(res);
      const json = await render(res, scope, migration);
      res.setHeader('Location', json.url);
      res.status(201).json(json);
    }),
  );

  router.get(
    `${prefix}/migrations`,
    wyandotte,
    scoped(async (req, res, scope) => {
      const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
      const { migrations, totalCount } = await deps.migrations.page(scope.kind, scope.account.id, page, perPage);
      setLinkHeader(req, res, { page, perPage, totalCount });
      // `exclude=repositories`, as on a single migration (GitHub's newer descriptions take it here too).
      const exclude = excludedOf(req);
      const bodies = [];
      for (const migration of migrations) bodies.push(await render(res, scope, migration, exclude));
      res.json(bodies);
    }),
  );

  router.get(
    `${prefix}/migrations/:migration_id`,
    wyandotte,
    oneMigration(async (req, res, scope, migration) => {
      res.json(await render(res, scope, migration, excludedOf(req)));
    }),
  );

  router.get(
    `${prefix}/migrations/:migration_id/archive`,
    wyandotte,
    oneMigration(async (_req, res, _scope, migration) => {
      if (migration.archive_key === null) return sendNotFound(res);
      const query = await deps.links.sign(migration.id, new Date(deps.clock.now().getTime() + LINK_LIFETIME_MS));
      res.redirect(302, `${urlsOf(res).api(`${ARCHIVE_DOWNLOAD_PATH}/${migration.id}`)}?${query}`);
    }),
  );

  router.delete(
    `${prefix}/migrations/:migration_id/archive`,
    wyandotte,
    oneMigration(async (req, res, _scope, migration) => {
      const outcome = await deps.commands.deleteArchive(migration, commandContext(req, res, deps.clock.now()));
      if (isLeft(outcome)) return sendAppError(res, outcome.left);
      res.status(204).end();
    }),
  );

  router.delete(
    `${prefix}/migrations/:migration_id/repos/:repo_name/lock`,
    wyandotte,
    oneMigration(async (req, res, _scope, migration) => {
      const outcome = await deps.commands.unlock(migration, String(req.params.repo_name), commandContext(req, res, deps.clock.now()));
      if (isLeft(outcome)) return sendAppError(res, outcome.left);
      res.status(204).end();
    }),
  );

  router.get(
    `${prefix}/migrations/:migration_id/repositories`,
    wyandotte,
    oneMigration(async (req, res, _scope, migration) => {
      const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
      const ids = migration.repository_ids.slice((page - 1) * perPage, page * perPage);
      setLinkHeader(req, res, { page, perPage, totalCount: migration.repository_ids.length });
      res.json(await visibleRepositories(deps, res, ids));
    }),
  );
}

export function organizationMigrationRoutes(router: Router, deps: MigrationsDeps): void {
  const scoped: ScopeOf = (handler) => async (req, res) => {
    const caller = accessCallerOf(res);
    const organization = await deps.repositories.accountByLogin(String(req.params.org));
    if (!caller || !organization || organization.type !== 'Organization') return sendNotFound(res);
    const membership = await deps.organizations.membership(organization.id, caller.userId);
    if (!caller.siteAdmin && membership?.role !== 'admin') return sendNotFound(res);
    await handler(req, res, { kind: 'organization', account: organization });
  };
  router.use('/orgs/:org/migrations', requireUser);
  migrationRoutes(router, '/orgs/:org', deps, scoped);
}

export function userMigrationRoutes(router: Router, deps: MigrationsDeps): void {
  const scoped: ScopeOf = (handler) => async (req, res) => {
    const caller = accessCallerOf(res);
    const account = caller ? (await deps.repositories.accountsByIds([caller.userId])).get(caller.userId) : undefined;
    if (!account) return sendNotFound(res);
    await handler(req, res, { kind: 'user', account });
  };
  router.use('/user/migrations', requireUser);
  migrationRoutes(router, '/user', deps, scoped);
}

// The signed link an archive request redirects to: served here, to whoever holds the link.
export function archiveDownloadRoute(router: Router, deps: MigrationsDeps): void {
  router.get(`${ARCHIVE_DOWNLOAD_PATH}/:migration_id`, async (req, res) => {
    const migrationId = pathNumber(req.params.migration_id);
    if (migrationId === null) return sendNotFound(res);
    const verdict = await deps.links.verify(migrationId, String(req.query.expires ?? ''), String(req.query.signature ?? ''), deps.clock.now());
    if (verdict === 'invalid') return sendGithubError(res, 403, 'The request signature does not match');
    if (verdict === 'expired') return sendGithubError(res, 403, 'Request has expired');
    const migration = await deps.migrations.byId(migrationId);
    if (!migration?.archive_key) return sendNotFound(res);
    const archive = await deps.archives.open(migration.archive_key);
    if (!archive) return sendNotFound(res);
    // As GitHub's signed S3 link answers: response-content-type=application/x-gzip,
    // response-content-disposition=filename=<guid>.tar.gz (PyGithub's recorded link).
    res.writeHead(200, {
      'Content-Type': 'application/x-gzip',
      'Content-Length': String(archive.bytes),
      'Content-Disposition': `filename=${migration.guid}.tar.gz`,
    });
    archive.stream.pipe(res);
  });
}

// POST /admin/migrations/import: a site administrator restores an archive that is on the
// server's disk (as ghe-migrator imports one), answered with what was carried over.
export function archiveImportRoute(router: Router, importer: ArchiveImporter): void {
  router.post('/admin/migrations/import', requireSiteAdmin, async (req, res) => {
    const body = decodeInput(ImportArchiveBody, bodyOrEmpty(req.body), 'Migration');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    try {
      await access(body.right.archive_path, constants.R_OK);
    } catch {
      // The path is read on the server, not where the request came from: say so.
      const message = `archive_path names no file this server can read (${body.right.archive_path}): give the path of the archive on the server's own disk`;
      return sendValidationFailed(res, [{ resource: 'Migration', field: 'archive_path', code: 'invalid', message }]);
    }
    const report = await importer.import(body.right.archive_path).catch((error: Error) => error);
    if (report instanceof Error) return sendGithubError(res, 422, `The archive could not be read: ${report.message}`);
    res.status(201).json(report);
  });
}
