import type { CallerAccess } from '../shared/access/repositoryAccess.query.js';
import type { Collection, Filter, SortSpec } from '../shared/ports/readModelStore.port.js';
import type { RepositoryCollaboratorDocument, RepositoryDocument, RepositoryStarDocument, RepositorySubscriptionDocument } from './repositories.readModel.js';
import type { Page, RepositoryQueries } from './repository.queries.js';
import { NO_ONES, readsPrivateRepositories } from './repositoryListRuns.js';

// A user's links to repositories (stars, subscriptions, collaborations), each carrying its
// repository's visibility and owner, paged as the lists of RepositoryLists read them.
export type RepositoryLink = RepositoryStarDocument | RepositorySubscriptionDocument | RepositoryCollaboratorDocument;

// A page of a user's links to repositories (stars, subscriptions, collaborations), each carrying its
// repository's visibility and owner: the public ones are read from an index, page and count.
// The private ones are a run of an index too, read to the end of the page, each kept if the
// caller reads it (a link outlives the access it was made with): those of an owner whose
// private repositories the caller reads whole (itself, an organization granting it read) are
// counted per owner from the index; the others (a collaboration, a fork read through its
// source, or one no longer read) are decided one by one with their repository. Ordered by
// `order.field`, then repository id, both in `order.sign`'s direction.
export async function userLinksPage<L extends RepositoryLink>(
  repositories: RepositoryQueries,
  access: CallerAccess,
  links: Collection<L>,
  filter: Filter,
  order: { readonly field: keyof L & string; readonly sign: 1 | -1 },
  { page, perPage }: Page,
  readsEveryPrivate = false,
): Promise<{ links: L[]; totalCount: number }> {
  const sort: SortSpec = { [order.field]: order.sign, repository_id: order.sign };
  const wanted = page * perPage;
  const publicOnes = { ...filter, private: false };
  const privateOnes = { ...filter, private: true };
  // An anonymous caller, or a token without `repo`, reads no private repository: the user's
  // private links are not even looked at.
  const reads = readsPrivateRepositories(access);
  const [publicLinks, publicCount, reach] = await Promise.all([
    links.find(publicOnes, { sort, limit: wanted }),
    links.count(publicOnes),
    reads ? privateReach(repositories, access, links, privateOnes, readsEveryPrivate) : { count: 0, reads: () => false, only: [] },
  ]);
  const privateLinks = reach.only ?? (await readUpTo(links, privateOnes, sort, wanted, reach.reads));
  const at = (link: L) => link[order.field] as unknown as string;
  const pageLinks = [...publicLinks, ...privateLinks]
    .sort((a, b) => (at(a) === at(b) ? a.repository_id - b.repository_id : at(a) < at(b) ? -1 : 1) * order.sign)
    .slice((page - 1) * perPage, wanted);
  return { links: pageLinks, totalCount: publicCount + reach.count };
}

// Which of a user's private links (`privateOnes`) the caller reads, and how many: by owner,
// from the index, where the caller reads the owner's private repositories whole; the links
// of the other owners (ranges of the index between those owners) decided one by one.
async function privateReach<L extends RepositoryLink>(
  repositories: RepositoryQueries,
  access: CallerAccess,
  links: Collection<L>,
  privateOnes: Filter,
  readsEveryPrivate: boolean,
): Promise<{ count: number; reads: (link: L) => boolean; only?: L[] }> {
  const anyPrivate = { ...NO_ONES, private: true, source_id: null, upstream_owner_id: null, upstream_owner_type: null };
  if (readsEveryPrivate || access.roleOf(anyPrivate) !== 'none') return { count: await links.count(privateOnes), reads: () => true };
  const whole = access.ownAccounts
    .filter((owner) => access.roleOf({ ...anyPrivate, owner_id: owner.id, owner_type: owner.type }) !== 'none')
    .map((owner) => owner.id)
    .sort((a, b) => a - b);
  const counts = await Promise.all(whole.map((ownerId) => links.count({ ...privateOnes, owner_id: ownerId })));
  const others: L[] = [];
  for (let i = 0; i <= whole.length; i++) {
    const range = { ...(i > 0 ? { $gt: whole[i - 1] } : {}), ...(i < whole.length ? { $lt: whole[i] } : {}) };
    others.push(...(await links.find(Object.keys(range).length > 0 ? { ...privateOnes, owner_id: range } : privateOnes)));
  }
  const othersRepositories = await repositories.byIds(others.map((link) => link.repository_id));
  await access.learn(othersRepositories);
  const readOthers = new Set(othersRepositories.filter((repository) => access.roleOf(repository) !== 'none').map((repository) => repository.id));
  const wholeOwners = new Set(whole);
  const inWhole = counts.reduce((sum, count) => sum + count, 0);
  return {
    count: inWhole + readOthers.size,
    reads: (link) => wholeOwners.has(link.owner_id) || readOthers.has(link.repository_id),
    // No link of an owner read whole (a stranger's usual case, whose own account is the only
    // one): what it reads are the others just decided, not a run walked again to find them.
    ...(inWhole === 0 ? { only: others.filter((link) => readOthers.has(link.repository_id)) } : {}),
  };
}

// The links' repositories in the links' order (one deleted meanwhile is left out).
export async function linkedRepositories(repositories: RepositoryQueries, links: readonly RepositoryLink[]): Promise<RepositoryDocument[]> {
  const byId = new Map((await repositories.byIds(links.map((link) => link.repository_id))).map((r) => [r.id, r]));
  return links.flatMap((link) => (byId.has(link.repository_id) ? [byId.get(link.repository_id)!] : []));
}

// The first `wanted` documents of `filter` in `sort`'s order that `keep` keeps: read with a limit
// doubled until it has them (or the run ends), linear in what it passes over.
export async function readUpTo<L extends RepositoryLink>(
  links: Collection<L>,
  filter: Filter,
  sort: SortSpec,
  wanted: number,
  keep: (link: L) => boolean,
): Promise<L[]> {
  for (let limit = Math.max(wanted, 32); ; limit *= 2) {
    const read = await links.find(filter, { sort, limit });
    const kept = read.filter(keep);
    if (kept.length >= wanted || read.length < limit) return kept.slice(0, wanted);
  }
}
