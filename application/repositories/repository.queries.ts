import { inject, injectable } from 'inversify';
import { REPOSITORY_ISSUE_COUNTS_COLLECTION, type RepositoryIssueCountDocument } from '../issues/issues.readModel.js';
import { REPOSITORY_PULL_COUNTS_COLLECTION, type RepositoryPullCountDocument } from '../pulls/pullRequests.readModel.js';
import { repositoryNameKey } from '../../domain/repositories/repositoryName.js';
import { loginKey } from '../../domain/accounts/login.js';
import { isReservedLogin } from '../../domain/accounts/ghost.js';
import { GHOST_ACCOUNT } from '../accounts/ghostAccount.js';
import { FORMER_LOGINS_COLLECTION, USERS_COLLECTION, type FormerLoginDocument, type UserDocument } from '../accounts/users.readModel.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_REDIRECTS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
  pairId,
  redirectId,
  type RepositoryCollaboratorDocument,
  type RepositoryDocument,
  type RepositoryRedirectDocument,
  type RepositoryStarDocument,
  type RepositorySubscriptionDocument,
} from './repositories.readModel.js';

export interface Page {
  readonly page: number;
  readonly perPage: number;
}

export interface Paged<T> {
  readonly items: readonly T[];
  readonly totalCount: number;
}

// A repository together with what its JSON shows beside it: owner, parent, source.
export interface RepositoryView {
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
  readonly parent: { readonly repository: RepositoryDocument; readonly owner: UserDocument } | null;
  readonly source: { readonly repository: RepositoryDocument; readonly owner: UserDocument } | null;
  // GitHub's open_issues_count counts open issues and open pull requests together.
  readonly openIssues: number;
}

@injectable()
export class RepositoryQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  byId(repositoryId: number): Promise<RepositoryDocument | null> {
    return this.repositories().findOne({ _id: String(repositoryId) });
  }

  byOwnerAndName(ownerId: number, name: string): Promise<RepositoryDocument | null> {
    return this.repositories().findOne({ owner_id: ownerId, name_key: repositoryNameKey(name) });
  }

  // The repository an old (owner, name) now points at, after a rename or transfer.
  async movedFrom(ownerId: number, name: string): Promise<RepositoryDocument | null> {
    const redirect = await this.store
      .collection<RepositoryRedirectDocument>(REPOSITORY_REDIRECTS_COLLECTION)
      .findOne({ _id: redirectId(ownerId, repositoryNameKey(name)) });
    return redirect ? this.byId(redirect.repository_id) : null;
  }

  // The account that held this login before a rename (and no account holds it now).
  async accountIdByFormerLogin(login: string): Promise<number | null> {
    const former = await this.store.collection<FormerLoginDocument>(FORMER_LOGINS_COLLECTION).findOne({ _id: loginKey(login) });
    return former?.account_id ?? null;
  }

  accountByLogin(login: string): Promise<UserDocument | null> {
    return this.store.collection<UserDocument>(USERS_COLLECTION).findOne({ login_key: loginKey(login) });
  }

  // An account whose lists are shown (GET /users/{username}/repos, starred, events...): the
  // ghost's when no account holds its login, as GET /users/{username} answers it
  // (UserQueries.shownByLogin); its id is nobody's, so each list is empty. Only for showing.
  async shownAccountByLogin(login: string): Promise<UserDocument | null> {
    return (await this.accountByLogin(login)) ?? (isReservedLogin(login) ? GHOST_ACCOUNT : null);
  }

  async accountsByIds(ids: readonly number[]): Promise<Map<number, UserDocument>> {
    const unique = [...new Set(ids)];
    const accounts = unique.length === 0 ? [] : await this.store.collection<UserDocument>(USERS_COLLECTION).find({ id: { $in: unique } });
    return new Map(accounts.map((account) => [account.id, account]));
  }

  async view(repository: RepositoryDocument): Promise<RepositoryView | null> {
    const related = [repository.parent_id, repository.source_id].filter((id): id is number => id !== null);
    const relatives = new Map<number, RepositoryDocument>();
    if (related.length > 0) for (const relative of await this.repositories().find({ id: { $in: related } })) relatives.set(relative.id, relative);
    const accounts = await this.accountsByIds([repository.owner_id, ...[...relatives.values()].map((relative) => relative.owner_id)]);
    const owner = accounts.get(repository.owner_id);
    if (!owner) return null;
    const withOwner = (id: number | null) => {
      const relative = id === null ? undefined : relatives.get(id);
      const relativeOwner = relative && accounts.get(relative.owner_id);
      return relative && relativeOwner ? { repository: relative, owner: relativeOwner } : null;
    };
    const openIssues = await this.openIssuesAndPullRequests(repository.id);
    return { repository, owner, parent: withOwner(repository.parent_id), source: withOwner(repository.source_id), openIssues };
  }

  private async openIssuesAndPullRequests(repositoryId: number): Promise<number> {
    return (await this.openIssuesOf([repositoryId])).get(repositoryId) ?? 0;
  }

  // GitHub's open_issues_count (open issues and pull requests) for a page of repositories,
  // from the counters the issues and pull-requests projections keep: two reads per page.
  async openIssuesOf(repositoryIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>(repositoryIds.map((id) => [id, 0]));
    if (repositoryIds.length === 0) return counts;
    const ids = { _id: { $in: repositoryIds.map(String) } };
    const [issues, pulls] = await Promise.all([
      this.store.collection<RepositoryIssueCountDocument>(REPOSITORY_ISSUE_COUNTS_COLLECTION).find(ids),
      this.store.collection<RepositoryPullCountDocument>(REPOSITORY_PULL_COUNTS_COLLECTION).find(ids),
    ]);
    for (const count of issues) counts.set(count.repository_id, (counts.get(count.repository_id) ?? 0) + count.open_issues_count);
    for (const count of pulls) counts.set(count.repository_id, (counts.get(count.repository_id) ?? 0) + count.open_pull_requests_count);
    return counts;
  }

  // A pinned owner is a prefix of the owner_* ordered indexes; $in would scan.
  async ownedBy(ownerIds: readonly number[]): Promise<RepositoryDocument[]> {
    const lists = await Promise.all([...new Set(ownerIds)].map((ownerId) => this.repositories().find({ owner_id: ownerId })));
    return lists.flat();
  }

  async byIds(ids: readonly number[]): Promise<RepositoryDocument[]> {
    return ids.length === 0 ? [] : this.repositories().find({ id: { $in: [...ids] } });
  }

  // The private forks made of this repository (its direct forks; theirs are found from them).
  privateForksOf(repositoryId: number): Promise<RepositoryDocument[]> {
    return this.repositories().find({ parent_id: repositoryId, private: true });
  }

  // The owner's private forks of another owner's repositories: one index run, whatever else
  // the owner forked.
  privateForksOfOwnerRepositories(ownerId: number, parentOwnerId: number): Promise<RepositoryDocument[]> {
    return this.repositories().find({ owner_id: ownerId, parent_owner_id: parentOwnerId, private: true });
  }

  // The owner's fork of this repository: one index look-up, whatever the owner has.
  forkOwnedBy(ownerId: number, repositoryId: number): Promise<RepositoryDocument | null> {
    return this.repositories().findOne({ parent_id: repositoryId, owner_id: ownerId });
  }

  // The owner's repositories in this repository's network below it: forks of it first, then
  // those forked from it further down (it is their source). Index look-ups only.
  async forksInNetworkOwnedBy(ownerId: number, repositoryId: number): Promise<RepositoryDocument[]> {
    const repositories = this.repositories();
    const [forks, descendants] = await Promise.all([
      repositories.find({ parent_id: repositoryId, owner_id: ownerId }),
      repositories.find({ source_id: repositoryId, owner_id: ownerId }),
    ]);
    const forkIds = new Set(forks.map((fork) => fork.id));
    return [...forks, ...descendants.filter((descendant) => !forkIds.has(descendant.id))];
  }

  collaboratorsOf(repositoryId: number): Promise<RepositoryCollaboratorDocument[]> {
    return this.store
      .collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION)
      .find({ repository_id: repositoryId }, { sort: { user_id: 1 } });
  }

  // Which of these users collaborate on the repository: one look-up by pair ids, whatever
  // the repository's collaborators number.
  async collaboratorIdsAmong(repositoryId: number, userIds: readonly number[]): Promise<Set<number>> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Set();
    const found = await this.store
      .collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION)
      .find({ _id: { $in: unique.map((userId) => pairId(repositoryId, userId)) } });
    return new Set(found.map((collaborator) => collaborator.user_id));
  }

  collaborationsOf(userId: number): Promise<RepositoryCollaboratorDocument[]> {
    return this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION).find({ user_id: userId });
  }

  collaborator(repositoryId: number, userId: number): Promise<RepositoryCollaboratorDocument | null> {
    return this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION).findOne({ _id: pairId(repositoryId, userId) });
  }

  // Oldest first, as GitHub lists stargazers.
  async stargazersOf(repositoryId: number, { page, perPage }: Page): Promise<Paged<RepositoryStarDocument>> {
    const stars = this.store.collection<RepositoryStarDocument>(REPOSITORY_STARS_COLLECTION);
    const filter = { repository_id: repositoryId };
    const items = await stars.find(filter, { sort: { starred_at: 1, user_id: 1 }, skip: (page - 1) * perPage, limit: perPage });
    return { items, totalCount: await stars.count(filter) };
  }

  star(repositoryId: number, userId: number): Promise<RepositoryStarDocument | null> {
    return this.store.collection<RepositoryStarDocument>(REPOSITORY_STARS_COLLECTION).findOne({ _id: pairId(repositoryId, userId) });
  }

  async subscribersOf(repositoryId: number, { page, perPage }: Page): Promise<Paged<RepositorySubscriptionDocument>> {
    const subscriptions = this.store.collection<RepositorySubscriptionDocument>(REPOSITORY_SUBSCRIPTIONS_COLLECTION);
    const filter = { repository_id: repositoryId, subscribed: true };
    const items = await subscriptions.find(filter, { sort: { created_at: 1, user_id: 1 }, skip: (page - 1) * perPage, limit: perPage });
    return { items, totalCount: await subscriptions.count(filter) };
  }

  subscription(repositoryId: number, userId: number): Promise<RepositorySubscriptionDocument | null> {
    return this.store.collection<RepositorySubscriptionDocument>(REPOSITORY_SUBSCRIPTIONS_COLLECTION).findOne({ _id: pairId(repositoryId, userId) });
  }

  private repositories() {
    return this.store.collection<RepositoryDocument>(REPOSITORIES_COLLECTION);
  }
}
