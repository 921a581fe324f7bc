import type { Request, Response, Router } from 'express';
import type {
  Affiliation,
  ListOrder,
  ListedRepository,
  OrganizationListType,
  RepositorySort,
} from '../../../application/repositories/repositoryLists.query.js';
import type { Paged } from '../../../application/repositories/repository.queries.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { sendAppError, sendNotFound } from '../shared/respond.js';
import type { RepositoriesDeps } from './repositories.deps.js';
import { minimalRepository } from './repository.encoders.js';
import { asksForStarDates, starredRepository } from './stars.encoders.js';
import { accessCallerOf } from './repositoryScope.js';

function queryValue(req: Request, name: string): string | undefined {
  const value = req.query[name];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === 'string' ? last : undefined;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

// GitHub's default direction is asc for full_name and desc for the dates.
export function listOrder(req: Request, sorts: readonly RepositorySort[], fallback: RepositorySort): ListOrder {
  const sort = oneOf(queryValue(req, 'sort'), sorts, fallback);
  return { sort, direction: oneOf(queryValue(req, 'direction'), ['asc', 'desc'], sort === 'full_name' ? 'asc' : 'desc') };
}

export async function sendRepositoryPage(
  req: Request,
  res: Response,
  deps: Pick<RepositoriesDeps, 'repositories'>,
  paged: Paged<ListedRepository>,
  perPage: number,
  page: number,
): Promise<void> {
  setLinkHeader(req, res, { page, perPage, totalCount: paged.totalCount });
  res.json(await repositoriesJson(res, deps, paged.items));
}

async function repositoriesJson(res: Response, deps: Pick<RepositoriesDeps, 'repositories'>, items: readonly ListedRepository[]) {
  const signedIn = accessCallerOf(res) !== null;
  const openIssues = await deps.repositories.openIssuesOf(items.map(({ repository }) => repository.id));
  return items.map(({ repository, owner, role }) =>
    minimalRepository(repository, owner, urlsOf(res), signedIn ? role : null, openIssues.get(repository.id) ?? 0),
  );
}

const AFFILIATIONS: readonly Affiliation[] = ['owner', 'collaborator', 'organization_member'];
// A null-prototype table: a query value such as __proto__ or toString finds nothing.
const TYPE_AFFILIATIONS: Readonly<Record<string, readonly Affiliation[]>> = Object.assign(Object.create(null), {
  all: AFFILIATIONS,
  owner: ['owner'],
  public: AFFILIATIONS,
  private: AFFILIATIONS,
  member: ['collaborator', 'organization_member'],
});

export function repositoryListRoutes(router: Router, deps: RepositoriesDeps): void {
  // GitHub refuses `type` together with `visibility` or `affiliation` (422).
  router.get('/user/repos', requireUser, async (req: Request, res: Response) => {
    const type = queryValue(req, 'type');
    const visibilityParam = queryValue(req, 'visibility');
    const affiliationParam = queryValue(req, 'affiliation');
    if (type !== undefined && (visibilityParam !== undefined || affiliationParam !== undefined)) {
      return sendAppError(res, { _tag: 'InvalidRepositoryListFilter', field: 'type' });
    }
    const typeAffiliations = type === undefined ? undefined : TYPE_AFFILIATIONS[type];
    const requested = (affiliationParam ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part): part is Affiliation => AFFILIATIONS.includes(part as Affiliation));
    const affiliations = new Set(typeAffiliations ?? (requested.length > 0 ? requested : AFFILIATIONS));
    const visibility = type === 'public' || type === 'private' ? type : oneOf(visibilityParam, ['all', 'public', 'private'], 'all');
    const { page, perPage } = parsePagination(req.query);
    const paged = await deps.lists.forAuthenticatedUser(
      accessCallerOf(res)!,
      { affiliations, visibility },
      listOrder(req, ['created', 'updated', 'pushed', 'full_name'], 'full_name'),
      { page, perPage },
    );
    await sendRepositoryPage(req, res, deps, paged, perPage, page);
  });

  router.get('/users/:username/repos', async (req: Request, res: Response) => {
    const account = await deps.repositories.shownAccountByLogin(String(req.params.username));
    if (!account) return sendNotFound(res);
    const type = oneOf(queryValue(req, 'type'), ['all', 'owner', 'member'], 'owner');
    const { page, perPage } = parsePagination(req.query);
    const paged = await deps.lists.forAccount(accessCallerOf(res), account, type, listOrder(req, ['created', 'updated', 'pushed', 'full_name'], 'full_name'), {
      page,
      perPage,
    });
    await sendRepositoryPage(req, res, deps, paged, perPage, page);
  });

  const sendStarred = async (req: Request, res: Response, userId: number) => {
    const { page, perPage } = parsePagination(req.query);
    const direction = oneOf(queryValue(req, 'direction'), ['asc', 'desc'], 'desc');
    const sort = oneOf(queryValue(req, 'sort'), ['created', 'updated'], 'created');
    const starred = await deps.lists.starredBy(accessCallerOf(res), userId, direction, { page, perPage }, sort);
    if (!asksForStarDates(res)) return sendRepositoryPage(req, res, deps, starred, perPage, page);
    setLinkHeader(req, res, { page, perPage, totalCount: starred.totalCount });
    const repositories = await repositoriesJson(res, deps, starred.items);
    res.json(starred.items.map((item, i) => starredRepository(item.starredAt, repositories[i])));
  };
  router.get('/user/starred', requireUser, (req: Request, res: Response) => sendStarred(req, res, accessCallerOf(res)!.userId));
  router.get('/users/:username/starred', async (req: Request, res: Response) => {
    const account = await deps.repositories.shownAccountByLogin(String(req.params.username));
    if (!account) return sendNotFound(res);
    await sendStarred(req, res, account.id);
  });

  const sendSubscriptions = async (req: Request, res: Response, userId: number) => {
    const { page, perPage } = parsePagination(req.query);
    await sendRepositoryPage(req, res, deps, await deps.lists.subscribedBy(accessCallerOf(res), userId, { page, perPage }), perPage, page);
  };
  router.get('/user/subscriptions', requireUser, (req: Request, res: Response) => sendSubscriptions(req, res, accessCallerOf(res)!.userId));
  router.get('/users/:username/subscriptions', async (req: Request, res: Response) => {
    const account = await deps.repositories.shownAccountByLogin(String(req.params.username));
    if (!account) return sendNotFound(res);
    await sendSubscriptions(req, res, account.id);
  });

  router.get('/orgs/:org/repos', async (req: Request, res: Response) => {
    const organization = await deps.repositories.accountByLogin(String(req.params.org));
    if (!organization || organization.type !== 'Organization') return sendNotFound(res);
    const type = oneOf<OrganizationListType>(queryValue(req, 'type'), ['all', 'public', 'private', 'forks', 'sources', 'member'], 'all');
    const { page, perPage } = parsePagination(req.query);
    const paged = await deps.lists.forOrganization(
      accessCallerOf(res),
      organization,
      type,
      listOrder(req, ['created', 'updated', 'pushed', 'full_name'], 'created'),
      { page, perPage },
    );
    await sendRepositoryPage(req, res, deps, paged, perPage, page);
  });
}
