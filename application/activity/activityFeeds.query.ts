import { hash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { scopesAllow } from '../../domain/authorizations/oauthScopes.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import {
  ACTIVITY_ACCESS_CHANGES_COLLECTION,
  userAccessChangeId,
  ACTIVITY_EVENTS_COLLECTION,
  ACTIVITY_FEEDS_COLLECTION,
  ENTRY_WIDTH,
  feedEntries,
  feedEntryMilliseconds,
  type ActivityAccessChangeDocument,
  type ActivityEventDocument,
  type ActivityFeedDocument,
} from './activity.readModel.js';

export const ACTIVITY_SETTINGS = Symbol('ActivitySettings');

// FORGELOG_ACTIVITY_FEED_LIMIT (at most GitHub's 300) and FORGELOG_ACTIVITY_MAX_AGE_DAYS (90).
export interface ActivitySettings {
  readonly feedLimit: number;
  readonly maxAgeDays: number;
}

// 'public': events that were public, of repositories public now (what anyone may see).
// 'caller': events of repositories the caller may read now, private ones included.
export type FeedAudience = 'public' | 'caller';

export interface FeedRequest {
  readonly key: string;
  readonly audience: FeedAudience;
  readonly caller: AccessCaller;
  readonly page: number;
  readonly perPage: number;
  // /events shows an event only once it is this old.
  readonly delayMs?: number;
  // The public feed drops a repository's events when it turns private (activityFeeds.apply.ts),
  // so it needs no look-up per repository.
  readonly repositoriesChecked?: boolean;
}

// A page as the caller may see it, before its records are loaded (pages are kept for polls:
// feedPageCache.ts): enough to answer a conditional request and to say when the content changes.
export interface FeedPage {
  readonly ids: readonly number[];
  // Repositories the page's payloads embed (a fork's forkee, a pull request's head) that the
  // caller may read now: the others are written null, as when read alone.
  readonly embeddedVisible: ReadonlySet<number>;
  readonly totalCount: number;
  readonly etag: string;
  // The newest event shown (milliseconds), and as an HTTP date (formatted once, for the polls
  // that follow).
  readonly lastModified: number | null;
  readonly lastModifiedHttp: string | null;
  // Until when (milliseconds) the page stays the same if no event is applied: the next entry to
  // come out of the five-minute delay, or the oldest shown to pass the age limit.
  readonly validUntil: number;
}

// A page worked out, with the records it read to decide what they embed: the page is kept for
// polls, the records only serve the answer that worked it out.
export interface WorkedOutPage {
  readonly page: FeedPage;
  readonly records: readonly ActivityEventDocument[];
}

const DAY_MS = 86_400_000;

// Reads a feed: at most 300 entries, whatever the history; filtered by age, by audience,
// and by the access decision on each repository the page's events belong to.
@injectable()
export class ActivityFeeds {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(ACTIVITY_SETTINGS) private readonly settings: ActivitySettings,
  ) {}

  // GitHub pages a feed only as far as the events it keeps: a page starting past them is
  // refused (422 "pagination is limited"), not answered empty, wherever the feed itself ends.
  reaches(page: number, perPage: number): boolean {
    return (page - 1) * perPage < this.settings.feedLimit;
  }

  async page(request: FeedRequest): Promise<WorkedOutPage> {
    const feed = await this.store.collection<ActivityFeedDocument>(ACTIVITY_FEEDS_COLLECTION).findOne({ _id: request.key });
    const entries = feedEntries(feed);
    const now = this.clock.now().getTime();
    const oldest = now - this.settings.maxAgeDays * DAY_MS;
    // An entry's time is the second created_at shows: an event is as old as it says.
    const newest = now - (request.delayMs ?? 0);
    const decided = await this.decisions(request, entries, oldest, newest);
    const allowed = decided?.allowed ?? null;
    const visible: number[] = [];
    let lastModified: number | null = null;
    // Repositories of the window's entries, and those whose public events are hidden now.
    const inWindow = new Set<number>();
    const withdrawn = new Set<number>();
    let validUntil = Number.POSITIVE_INFINITY;
    const maxAge = this.settings.maxAgeDays * DAY_MS;
    for (let i = 0; i < entries.length && visible.length < this.settings.feedLimit; i += ENTRY_WIDTH) {
      const [id, at, repositoryId, wasPublic] = [entries[i], feedEntryMilliseconds(entries[i + 1]), entries[i + 2], entries[i + 3]];
      if (at > newest) {
        validUntil = Math.min(validUntil, at + (request.delayMs ?? 0));
        continue;
      }
      if (at < oldest) break;
      validUntil = Math.min(validUntil, at + maxAge + 1);
      if (allowed !== null) inWindow.add(repositoryId);
      if (request.audience === 'public' && wasPublic !== 1) continue;
      if (allowed !== null && !allowed.has(`${repositoryId}:${wasPublic === 1}`)) {
        if (wasPublic === 1) withdrawn.add(repositoryId);
        continue;
      }
      visible.push(id);
      lastModified ??= at;
    }
    const reader = request.audience === 'caller' && request.caller !== null ? request.caller.userId : null;
    // A private fork's readers follow its source's (a collaborator removed there): its changes count.
    const changedAt = await this.accessChangedAt(feed, new Set([...inWindow, ...(decided?.sources ?? [])]), withdrawn, reader, now);
    if (changedAt !== null && (lastModified === null || changedAt > lastModified)) lastModified = changedAt;
    const start = (request.page - 1) * request.perPage;
    const ids = visible.slice(start, start + request.perPage);
    const records = await this.records(ids);
    const embeddedVisible = await this.embeddedVisible(request.caller, records);
    // What the page shows: its events, how many there are, and which embedded repositories
    // show (a fork deleted or made unreadable changes the page without changing its events).
    const shown = `${request.key}|${request.audience}|${visible.length}|${ids.join(',')}|${[...embeddedVisible].sort((a, b) => a - b).join(',')}`;
    const etag = `W/"${hash('sha256', shown, 'hex')}"`;
    const lastModifiedHttp = lastModified === null ? null : new Date(lastModified).toUTCString();
    return { page: { ids, embeddedVisible, totalCount: visible.length, etag, lastModified, lastModifiedHttp, validUntil }, records };
  }

  // Events leave a feed (a repository made private or deleted, a collaborator removed, the
  // reader's organization membership gone or changed) or come back without a new one:
  // Last-Modified is at least when that happened, so it never moves back while the content
  // changes and If-Modified-Since answers 304 only for an unchanged page. One look-up by id for
  // the window's repositories and the reader (the public feed keeps its own time).
  private async accessChangedAt(
    feed: ActivityFeedDocument | null,
    repositoryIds: ReadonlySet<number>,
    withdrawn: ReadonlySet<number>,
    reader: number | null,
    now: number,
  ) {
    let latest = feed?.changed_at ?? null;
    if (repositoryIds.size === 0) return latest;
    const keys = [...repositoryIds].map(String);
    if (reader !== null) keys.push(userAccessChangeId(reader));
    const changes = await this.store.collection<ActivityAccessChangeDocument>(ACTIVITY_ACCESS_CHANGES_COLLECTION).find({ _id: { $in: keys } });
    for (const change of changes) latest = Math.max(latest ?? 0, change.changed_at);
    // The activity model runs behind the access decision: a public event hidden before its
    // change is recorded was hidden no earlier than that decision, now.
    const recorded = new Set(changes.flatMap((change) => (change.repository_id === undefined ? [] : [change.repository_id])));
    for (const repositoryId of withdrawn) if (!recorded.has(repositoryId)) latest = now;
    return latest;
  }

  async records(ids: readonly number[]): Promise<ActivityEventDocument[]> {
    if (ids.length === 0) return [];
    const found = await this.store.collection<ActivityEventDocument>(ACTIVITY_EVENTS_COLLECTION).find({ _id: { $in: ids.map(String) } });
    const byId = new Map(found.map((record) => [record.id, record]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  private async embeddedVisible(caller: AccessCaller, records: readonly ActivityEventDocument[]): Promise<ReadonlySet<number>> {
    const ids = new Set<number>();
    for (const { payload } of records) {
      if (payload.forkee) ids.add(payload.forkee.repository.id);
      if (payload.pull_request?.head) ids.add(payload.pull_request.head.repository.id);
    }
    const visible = new Set<number>();
    if (ids.size === 0) return visible;
    for (const repository of await this.repositories.byIds([...ids])) {
      if ((await this.access.roleFor(caller, repository)) !== 'none') visible.add(repository.id);
    }
    return visible;
  }

  // Whether the caller may see an event of a repository now: the repository still exists; an
  // event that was public shows where the repository is public now (or, for the caller's
  // audience, readable by the caller); one that was private only to whom access is granted
  // (owner, collaborators, organization members), even once the repository is public.
  // Decided once per repository and kind, for the entries in the window; null when the feed
  // needs no decision (the public feed drops a repository's events when it turns private).
  // With them, the sources whose readers read the window's private forks.
  private async decisions(
    request: FeedRequest,
    entries: readonly number[],
    oldest: number,
    newest: number,
  ): Promise<{ allowed: Set<string>; sources: Set<number> } | null> {
    if (request.repositoriesChecked === false) return null;
    const kinds = new Set<string>();
    for (let i = 0; i < entries.length; i += ENTRY_WIDTH) {
      const at = feedEntryMilliseconds(entries[i + 1]);
      if (at < oldest) break;
      if (at <= newest) kinds.add(`${entries[i + 2]}:${entries[i + 3] === 1}`);
    }
    const allowed = new Set<string>();
    const repositories = new Map<number, RepositoryDocument | null>();
    for (const kind of kinds) {
      const [repositoryId, wasPublic] = [Number(kind.split(':')[0]), kind.endsWith(':true')];
      if (!repositories.has(repositoryId)) repositories.set(repositoryId, await this.repositories.byId(repositoryId));
      const repository = repositories.get(repositoryId)!;
      if (repository && (await this.allowed(request, repository, wasPublic))) allowed.add(kind);
    }
    const sources = new Set<number>();
    for (const repository of repositories.values())
      if (repository?.private && repository.source_id !== null && repository.upstream_owner_id != null) sources.add(repository.source_id);
    return { allowed, sources };
  }

  private async allowed(request: FeedRequest, repository: RepositoryDocument, wasPublic: boolean): Promise<boolean> {
    if (request.audience === 'public') return wasPublic && !repository.private;
    if (wasPublic && !repository.private) return true;
    // Private content: a token reaches it only with the `repo` scope, as it reads a private repository.
    const scopes = request.caller?.scopes;
    if (scopes !== undefined && !scopesAllow(scopes, ['repo'])) return false;
    return (await this.access.heldRoleFor(request.caller, repository)) !== 'none';
  }
}
