import type { Container } from 'inversify';
import { ActivityFeeds } from '../../../application/activity/activityFeeds.query.js';
import type { ActivityEventDocument } from '../../../application/activity/activity.readModel.js';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { IssueQueries } from '../../../application/issues/issue.queries.js';
import { labelJson, milestoneJson } from '../issues/issues.encoders.js';
import type { StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import type { ReadModelStore } from '../../../application/shared/ports/readModelStore.port.js';
import type { GitStorage } from '../../../application/shared/ports/gitStorage.port.js';
import { parseCommit } from '../../../domain/gitdata/gitObjectText.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { CHECKPOINTS_COLLECTION, type Checkpoint } from '../../../application/shared/projections/projection.js';
import type { DeliveryTarget, RenderedDelivery, WebhookPayloads } from '../../../application/webhooks/webhookDelivery.ports.js';
import type { HookDocument } from '../../../application/webhooks/webhooks.readModel.js';
import { ACTIVITY_IDS_PER_EVENT, activityEventId } from '../../../domain/activity/feedKeys.js';
import { organizationSimple } from '../accounts/organizations.encoders.js';
import { simpleUser } from '../accounts/users.encoders.js';
import { activityEventJson } from '../activity/activity.encoders.js';
import { apiUrls, type ApiUrls } from '../shared/apiUrls.js';
import { fullRepository } from '../repositories/repository.encoders.js';
import { hookJson, type HookHome } from './webhooks.encoders.js';

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

const CAUGHT_UP_PROJECTIONS = ['activity', 'issues', 'repositories'];

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
    commits.push({
      id: sha,
      tree_id: parsed?.tree ?? sha,
      distinct: commit.distinct,
      message: commit.message,
      timestamp: parsed?.author.date ?? new Date(0).toISOString(),
      url: `${repositoryHtml}/commit/${sha}`,
      author: { name: parsed?.author.name ?? author.name, email: parsed?.author.email ?? author.email },
      committer: { name: parsed?.committer.name ?? author.name, email: parsed?.committer.email ?? author.email },
      added: [],
      removed: [],
      modified: [],
    });
  }
  const before = String(payload.before);
  const after = String(payload.head);
  return {
    ref: payload.ref,
    before,
    after,
    created: /^0+$/.test(before),
    deleted: /^0+$/.test(after),
    forced: false,
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
  const store = container.get<ReadModelStore>(TOKENS.ReadModelStore);
  const git = container.get<GitStorage>(TOKENS.GitStorage);
  const issues = container.get(IssueQueries);

  async function common(repositoryId: number | null, organizationId: number | null, senderId: number | null): Promise<Json> {
    const repository = repositoryId === null ? null : await repositories.byId(repositoryId);
    const view = repository && (await repositories.view(repository));
    const organization = organizationId === null ? null : await organizations.organizationById(organizationId);
    const sender = senderId === null ? undefined : (await repositories.accountsByIds([senderId])).get(senderId);
    return {
      ...(view ? { repository: fullRepository(view, urls, null) } : {}),
      ...(organization ? { organization: organizationSimple(organization, urls) } : {}),
      ...(sender ? { sender: simpleUser(sender, urls) } : {}),
    };
  }

  async function delivery(record: ActivityEventDocument, wanted: (target: DeliveryTarget) => Promise<boolean>): Promise<RenderedDelivery | null> {
    const event = WEBHOOK_EVENT_OF[record.type];
    if (!event) return null;
    if (!(await wanted({ event, repositoryId: record.repo.id, organizationId: record.org?.id ?? null }))) return null;
    const json = activityEventJson(record, urls, () => true);
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

  // The read models a payload is made from have applied the event: the activity records, and
  // the labels, milestones and repositories the direct deliveries read.
  async function caughtUp(position: number): Promise<boolean> {
    const checkpoints = await store.collection<Checkpoint>(CHECKPOINTS_COLLECTION).find({ _id: { $in: CAUGHT_UP_PROJECTIONS } });
    return checkpoints.length === CAUGHT_UP_PROJECTIONS.length && checkpoints.every((checkpoint) => checkpoint.position >= position);
  }

  async function organizationOf(repositoryId: number): Promise<number | null> {
    const repository = await repositories.byId(repositoryId);
    if (!repository) return null;
    const owner = (await repositories.accountsByIds([repository.owner_id])).get(repository.owner_id);
    return owner?.type === 'Organization' ? owner.id : null;
  }

  async function pathsOf(repositoryId: number): Promise<{ fullName: string; urls: ApiUrls } | null> {
    const repository = await repositories.byId(repositoryId);
    const owner = repository ? (await repositories.accountsByIds([repository.owner_id])).get(repository.owner_id) : undefined;
    return repository && owner ? { fullName: `${owner.login}/${repository.name}`, urls } : null;
  }

  // label, milestone and repository: events the activity feeds have no record of, made from
  // the read models as they stand once the event is applied.
  async function directDelivery(event: StoredEvent, wanted: (target: DeliveryTarget) => Promise<boolean>): Promise<RenderedDelivery | null> {
    const made = await directSubject(event);
    if (!made) return null;
    const organizationId = await organizationOf(made.repositoryId);
    if (!(await wanted({ event: made.event, repositoryId: made.repositoryId, organizationId }))) return null;
    const around = await common(made.repositoryId, organizationId, event.metadata.actorId);
    return {
      event: made.event,
      action: made.action,
      repositoryId: made.repositoryId,
      organizationId,
      payload: { action: made.action, ...made.fields, ...around },
    };
  }

  async function directSubject(event: StoredEvent): Promise<{ event: string; action: string; repositoryId: number; fields: Json } | null> {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'LabelCreated':
      case 'LabelUpdated': {
        const [label] = await issues.labelsByIds([Number(data.labelId)]);
        const paths = label ? await pathsOf(label.repository_id) : null;
        if (!label || !paths) return null;
        const action = event.type === 'LabelCreated' ? 'created' : 'edited';
        return { event: 'label', action, repositoryId: label.repository_id, fields: { label: labelJson(label, paths) } };
      }
      case 'MilestoneCreated':
      case 'MilestoneUpdated': {
        const milestone = await issues.milestoneById(Number(data.milestoneId));
        const paths = milestone ? await pathsOf(milestone.repository_id) : null;
        if (!milestone || !paths) return null;
        const state = (data.changes as { state?: string } | undefined)?.state;
        const action = event.type === 'MilestoneCreated' ? 'created' : state === 'closed' ? 'closed' : state === 'open' ? 'opened' : 'edited';
        const creator = (await repositories.accountsByIds([milestone.creator_id])).get(milestone.creator_id);
        return { event: 'milestone', action, repositoryId: milestone.repository_id, fields: { milestone: milestoneJson(milestone, creator, paths) } };
      }
      case 'RepositoryRenamed':
        return {
          event: 'repository',
          action: 'renamed',
          repositoryId: Number(data.repositoryId),
          fields: { changes: { repository: { name: { from: data.fromName } } } },
        };
      case 'RepositoryArchived':
        return { event: 'repository', action: 'archived', repositoryId: Number(data.repositoryId), fields: {} };
      case 'RepositoryUnarchived':
        return { event: 'repository', action: 'unarchived', repositoryId: Number(data.repositoryId), fields: {} };
      case 'RepositoryCreated':
        return { event: 'repository', action: 'created', repositoryId: Number(data.repositoryId), fields: {} };
      case 'RepositoryEdited': {
        const changes = (data.changes ?? {}) as { private?: boolean };
        if (changes.private === undefined) return { event: 'repository', action: 'edited', repositoryId: Number(data.repositoryId), fields: { changes: {} } };
        return { event: 'repository', action: changes.private ? 'privatized' : 'publicized', repositoryId: Number(data.repositoryId), fields: {} };
      }
      default:
        return null;
    }
  }

  return {
    async ping(hook: HookDocument) {
      refreshUrls();
      let home: HookHome;
      if (hook.owner_kind === 'repository') {
        const repository = await repositories.byId(hook.owner_id);
        const owner = repository ? (await repositories.accountsByIds([repository.owner_id])).get(repository.owner_id) : undefined;
        home = { kind: 'repository', fullName: `${owner?.login ?? ''}/${repository?.name ?? ''}` };
      } else home = { kind: 'organization', login: (await organizations.organizationById(hook.owner_id))?.login ?? '' };
      const around = await common(hook.owner_kind === 'repository' ? hook.owner_id : null, hook.owner_kind === 'organization' ? hook.owner_id : null, null);
      return { zen: ZEN[hook.id % ZEN.length], hook_id: hook.id, hook: hookJson(hook, home, urls), ...around };
    },

    async forEvent(event: StoredEvent, wanted: (target: DeliveryTarget) => Promise<boolean>) {
      refreshUrls();
      if (!(await caughtUp(event.position))) return 'not-yet';
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
