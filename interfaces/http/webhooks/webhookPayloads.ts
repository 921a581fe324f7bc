import type { Container } from 'inversify';
import { ActivityFeeds } from '../../../application/activity/activityFeeds.query.js';
import {
  ACTIVITY_FEEDS_COLLECTION,
  ENTRY_WIDTH,
  feedEntries,
  type ActivityEventDocument,
  type ActivityFeedDocument,
} from '../../../application/activity/activity.readModel.js';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { IssueQueries } from '../../../application/issues/issue.queries.js';
import { ProjectQueries } from '../../../application/projects/projectQueries.js';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import type { EventStore, StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import type { ReadModelStore } from '../../../application/shared/ports/readModelStore.port.js';
import type { GitStorage } from '../../../application/shared/ports/gitStorage.port.js';
import { parseCommit } from '../../../domain/gitdata/gitObjectText.js';
import { REF_EVENT_TYPES, type RefMoved } from '../../../domain/gitdata/refMoved.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { CHECKPOINTS_COLLECTION, type Checkpoint } from '../../../application/shared/projections/projection.js';
import type { DeliveryTarget, RenderedDelivery, WebhookPayloads } from '../../../application/webhooks/webhookDelivery.ports.js';
import type { HookDocument } from '../../../application/webhooks/webhooks.readModel.js';
import { ACTIVITY_IDS_PER_EVENT, activityEventId, repositoryFeed } from '../../../domain/activity/feedKeys.js';
import { organizationSimple } from '../accounts/organizations.encoders.js';
import { embeddedAccount } from '../accounts/users.encoders.js';
import { activityEventJson } from '../activity/activity.encoders.js';
import { deliveredView, deliveryEmbeds } from './deliveryEmbeds.js';
import { PullRequestNumbers } from '../../../application/activity/pullRequestNumbers.query.js';
import { apiUrls, type ApiUrls } from '../shared/apiUrls.js';
import { fullRepository } from '../repositories/repository.encoders.js';
import { hookJson, type HookHome } from './webhooks.encoders.js';
import { webhookSubjects } from './webhookSubjects.js';

// The activity event types and the webhook events they are delivered as.
const WEBHOOK_EVENT_OF: Readonly<Record<string, string>> = {
  PushEvent: 'push',
  CreateEvent: 'create',
  DeleteEvent: 'delete',
  ForkEvent: 'fork',
  WatchEvent: 'watch',
  IssuesEvent: 'issues',
  IssueCommentEvent: 'issue_comment',
  MemberEvent: 'member',
  PublicEvent: 'public',
  PullRequestEvent: 'pull_request',
};

const ZEN = [
  'Design for failure.',
  'Keep it logically awesome.',
  'Speak like a human.',
  'Approachable is better than simple.',
  'Half measures are as bad as nothing at all.',
];

const CAUGHT_UP_PROJECTIONS = ['activity', 'issues', 'repositories', 'projects'];
const PUSH_OBJECTS_WAIT_MS = 30_000;

type Json = Record<string, unknown>;

// A push webhook names the push as GitHub's does (ref, before, after, commits with ids, trees
// and times); the activity record has the push's facts, git the commits' own.
async function pushPayload(payload: Json, repositoryId: number, repositoryHtml: string, pusher: string, git: GitStorage): Promise<Json> {
  const commits: Json[] = [];
  for (const commit of (payload.commits as Json[] | undefined) ?? []) {
    const sha = String(commit.sha);
    const object = await git.readObject(repositoryId, sha);
    const parsed = object?.type === 'commit' ? parseCommit(Buffer.from(object.content).toString('utf8')) : null;
    const author = commit.author as { name: string; email: string };
    const changed = parsed
      ? await git.changedPaths(repositoryId, sha).catch(() => ({ added: [], removed: [], modified: [] }))
      : { added: [], removed: [], modified: [] };
    commits.push({
      id: sha,
      tree_id: parsed?.tree ?? sha,
      distinct: commit.distinct ?? true,
      message: commit.message,
      timestamp: parsed?.author.date ?? new Date(0).toISOString(),
      url: `${repositoryHtml}/commit/${sha}`,
      author: { name: parsed?.author.name ?? author.name, email: parsed?.author.email ?? author.email },
      committer: { name: parsed?.committer.name ?? author.name, email: parsed?.committer.email ?? author.email },
      added: changed.added,
      removed: changed.removed,
      modified: changed.modified,
    });
  }
  const before = String(payload.before);
  const after = String(payload.head);
  const created = /^0+$/.test(before);
  const deleted = /^0+$/.test(after);
  // A move that drops commits (a rewrite, a forced push): the old tip is not in the new history.
  const forced = !created && !deleted && !(await git.isAncestor(repositoryId, before, after).catch(() => true));
  return {
    ref: payload.ref,
    before,
    after,
    created,
    deleted,
    forced,
    base_ref: null,
    compare: `${repositoryHtml}/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
    commits,
    head_commit: commits.at(-1) ?? null,
    pusher: { name: pusher, email: null },
  };
}

// GitHub's webhook payloads, made from the records the activity projection derived (so a
// delivery shows the event as it was) and the repository, sender and organization as they are.
export function webhookPayloadsFrom(container: Container, baseUrl: () => string): WebhookPayloads {
  // The server's base URL is known once it listens: asked for each payload.
  let urls: ApiUrls = apiUrls(baseUrl());
  const refreshUrls = () => {
    const base = baseUrl();
    if (base !== urls.base) urls = apiUrls(base);
  };
  const repositories = container.get(RepositoryQueries);
  const organizations = container.get(OrganizationQueries);
  const feeds = container.get(ActivityFeeds);
  const numbers = container.get(PullRequestNumbers);
  const store = container.get<ReadModelStore>(TOKENS.ReadModelStore);
  const clock = container.get<Clock>(TOKENS.Clock);
  const git = container.get<GitStorage>(TOKENS.GitStorage);
  const subjects = webhookSubjects({
    repositories,
    issues: container.get(IssueQueries),
    projects: container.get(ProjectQueries),
    store,
    eventStore: container.get<EventStore>(TOKENS.EventStore),
    urls: () => urls,
  });

  // `deleted`: the repository as it was, for a repository's own deletion.
  async function common(repositoryId: number | null, organizationId: number | null, senderId: number | null, deleted?: RepositoryDocument): Promise<Json> {
    const repository = deleted ?? (repositoryId === null ? null : await repositories.byId(repositoryId));
    const view = repository && (await repositories.view(repository));
    const organization = organizationId === null ? null : await organizations.organizationById(organizationId);
    const sender = senderId === null ? undefined : (await repositories.accountsByIds([senderId])).get(senderId);
    return {
      ...(view ? { repository: fullRepository(deliveredView(view), urls, null) } : {}),
      ...(organization ? { organization: organizationSimple(organization, urls) } : {}),
      // A sender deleted before the delivery was made is the ghost, as their contributions are.
      ...(senderId === null ? {} : { sender: embeddedAccount(sender, urls) }),
    };
  }

  // The repositories a record embeds (a forkee, a pull request's head) that its delivery may show.
  async function embeddable(record: ActivityEventDocument): Promise<(repositoryId: number) => boolean> {
    const related = [record.payload.forkee?.repository.id, record.payload.pull_request?.head?.repository.id].filter((id): id is number => id !== undefined);
    const repository = related.length === 0 ? null : await repositories.byId(record.repo.id);
    if (repository === null) return () => true;
    const shown = new Set((await repositories.byIds(related)).filter((candidate) => deliveryEmbeds(repository, candidate)).map((candidate) => candidate.id));
    return (repositoryId) => repositoryId === repository.id || shown.has(repositoryId);
  }

  async function delivery(record: ActivityEventDocument, wanted: (target: DeliveryTarget) => Promise<boolean>): Promise<RenderedDelivery | null> {
    const event = WEBHOOK_EVENT_OF[record.type];
    if (!event) return null;
    if (!(await wanted({ event, repositoryId: record.repo.id, organizationId: record.org?.id ?? null }))) return null;
    const json = activityEventJson(record, urls, await embeddable(record), await numbers.of([record]));
    const around = await common(record.repo.id, record.org?.id ?? null, record.actor.id);
    let payload = json.payload as Json;
    if (event === 'push') {
      const html = (around.repository as { html_url?: string } | undefined)?.html_url ?? urls.html(`/${record.repo.name}`);
      payload = await pushPayload(payload, record.repo.id, html, record.actor.login, git);
    }
    const { action: rawAction, ...rest } = payload;
    const action = typeof rawAction === 'string' && !['push', 'create', 'delete', 'fork', 'public'].includes(event) ? rawAction : null;
    return {
      event,
      action,
      repositoryId: record.repo.id,
      organizationId: record.org?.id ?? null,
      payload: { ...(action !== null ? { action } : {}), ...rest, ...around },
    };
  }

  // A push's hook records the move before git lets the pushed objects out of quarantine: its
  // payload (commit dates, files) waits for them, for a while (a refused push's never come).
  async function pushObjectsPending(event: StoredEvent): Promise<boolean> {
    if (!REF_EVENT_TYPES.has(event.type)) return false;
    const move = event.data as RefMoved['data'];
    if (!move.pushed || move.to === null) return false;
    if (clock.now().getTime() > Date.parse(event.metadata.occurredAt) + PUSH_OBJECTS_WAIT_MS) return false;
    return (await git.readObject(move.repositoryId, move.to)) === null;
  }

  // The read models a payload is made from have applied the event: the activity records, and
  // the labels, milestones and repositories the direct deliveries read.
  async function caughtUp(position: number): Promise<boolean> {
    const checkpoints = await store.collection<Checkpoint>(CHECKPOINTS_COLLECTION).find({ _id: { $in: CAUGHT_UP_PROJECTIONS } });
    return checkpoints.length === CAUGHT_UP_PROJECTIONS.length && checkpoints.every((checkpoint) => checkpoint.position >= position);
  }

  // label, milestone, repository, project and import events, which the activity feeds have no
  // record of (webhookSubjects.ts), with the repository, organization and sender around them.
  async function directDelivery(event: StoredEvent, wanted: (target: DeliveryTarget) => Promise<boolean>): Promise<RenderedDelivery | null> {
    const made = await subjects.subjectOf(event);
    if (!made) return null;
    const organizationId =
      made.organizationId !== undefined
        ? made.organizationId
        : made.repositoryId === null
          ? null
          : ((await subjects.repositoryHome(made.repositoryId))?.organizationId ?? null);
    if (!(await wanted({ event: made.event, repositoryId: made.repositoryId, organizationId }))) return null;
    const around = await common(made.repositoryId, organizationId, event.metadata.actorId, made.deletedRepository);
    return {
      event: made.event,
      action: made.action,
      repositoryId: made.repositoryId,
      organizationId,
      // repository_import has a status, not an action.
      payload: { ...(made.action !== null ? { action: made.action } : {}), ...made.fields, ...around },
    };
  }

  return {
    async ping(hook: HookDocument) {
      refreshUrls();
      const home: HookHome =
        hook.owner_kind === 'repository'
          ? { kind: 'repository', fullName: (await subjects.repositoryHome(hook.owner_id))?.fullName ?? '' }
          : { kind: 'organization', login: (await organizations.organizationById(hook.owner_id))?.login ?? '' };
      const around = await common(hook.owner_kind === 'repository' ? hook.owner_id : null, hook.owner_kind === 'organization' ? hook.owner_id : null, null);
      return { zen: ZEN[hook.id % ZEN.length], hook_id: hook.id, hook: hookJson(hook, home, urls), ...around };
    },

    async latestPush(repositoryId: number) {
      refreshUrls();
      // The repository's feed holds its newest activity (entries of four numbers, id first).
      const entries = feedEntries(await store.collection<ActivityFeedDocument>(ACTIVITY_FEEDS_COLLECTION).findOne({ _id: repositoryFeed(repositoryId) }));
      const ids: number[] = [];
      for (let at = 0; at < entries.length; at += ENTRY_WIDTH) ids.push(entries[at]!);
      const push = (await feeds.records(ids)).filter((record) => record.type === 'PushEvent').sort((a, b) => b.id - a.id)[0];
      return push ? delivery(push, async () => true) : null;
    },

    async forEvent(event: StoredEvent, wanted: (target: DeliveryTarget) => Promise<boolean>) {
      refreshUrls();
      if (!(await caughtUp(event.position))) return 'not-yet';
      if (await pushObjectsPending(event)) return 'not-yet';
      const ids = Array.from({ length: ACTIVITY_IDS_PER_EVENT }, (_, index) => activityEventId(event.position, index));
      const rendered: RenderedDelivery[] = [];
      for (const record of await feeds.records(ids)) {
        const made = await delivery(record, wanted);
        if (made) rendered.push(made);
      }
      const direct = await directDelivery(event, wanted);
      if (direct) rendered.push(direct);
      return rendered;
    },
  };
}

// For a serving process: the configured base URL, or where this server listens once it does.
export function servedWebhookPayloads(configuredBase: string | undefined): {
  payloads: (container: Container) => WebhookPayloads;
  listening(url: string): void;
} {
  let listeningAt = 'http://localhost';
  return {
    payloads: (container) => webhookPayloadsFrom(container, () => configuredBase ?? listeningAt),
    listening: (url) => {
      listeningAt = url;
    },
  };
}
