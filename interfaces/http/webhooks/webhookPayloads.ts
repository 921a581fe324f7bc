import type { Container } from 'inversify';
import { ActivityFeeds } from '../../../application/activity/activityFeeds.query.js';
import { ACTIVITY_FEEDS_COLLECTION, type ActivityEventDocument, type ActivityFeedDocument } from '../../../application/activity/activity.readModel.js';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { IssueQueries } from '../../../application/issues/issue.queries.js';
import { ProjectQueries } from '../../../application/projects/projectQueries.js';
import type { ProjectCardDocument, ProjectColumnDocument, ProjectDocument } from '../../../application/projects/projects.readModel.js';
import type { LabelDocument, MilestoneDocument } from '../../../application/issues/issues.readModel.js';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import { deletedCopy } from '../../../application/shared/deletedCopies.js';
import { cardJson, columnJson, projectJson, projectOwnerPaths } from '../projects/projects.encoders.js';
import { labelJson, milestoneJson } from '../issues/issues.encoders.js';
import type { EventStore, StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import type { DomainEvent } from '../../../domain/shared/event.js';
import { labelDecider } from '../../../domain/issues/label.decider.js';
import { milestoneDecider } from '../../../domain/issues/milestone.decider.js';
import { projectDecider } from '../../../domain/projects/project.decider.js';
import { repositoryDecider } from '../../../domain/repositories/repository.decider.js';
import { changesOf, LABEL_CHANGE_FIELDS, MILESTONE_CHANGE_FIELDS, PROJECT_CHANGE_FIELDS, REPOSITORY_CHANGE_FIELDS } from './webhookChanges.js';
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
      distinct: commit.distinct,
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
  const store = container.get<ReadModelStore>(TOKENS.ReadModelStore);
  const clock = container.get<Clock>(TOKENS.Clock);
  const git = container.get<GitStorage>(TOKENS.GitStorage);
  const issues = container.get(IssueQueries);
  const projects = container.get(ProjectQueries);
  const eventStore = container.get<EventStore>(TOKENS.EventStore);

  // `deleted`: the repository as it was, for a repository's own deletion.
  async function common(repositoryId: number | null, organizationId: number | null, senderId: number | null, deleted?: RepositoryDocument): Promise<Json> {
    const repository = deleted ?? (repositoryId === null ? null : await repositories.byId(repositoryId));
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

  // The aggregate the event belongs to as it stood right after the event (its stream folded
  // up to the event): the read model may already show later changes when the fan-out runs.
  async function stateAt<State, Event extends DomainEvent>(
    decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
    event: StoredEvent,
  ): Promise<State> {
    return (await statesAround(decider, event)).after;
  }

  // The same, and as it stood right before the event (for an edit's `changes`).
  async function statesAround<State, Event extends DomainEvent>(
    decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
    event: StoredEvent,
  ): Promise<{ before: State; after: State }> {
    const history = (await eventStore.readStream(event.streamId, { maxCount: event.revision + 1 })).map(
      (stored) => ({ type: stored.type, data: stored.data }) as Event,
    );
    const before = history.slice(0, -1).reduce(decider.evolve, decider.initialState());
    return { before, after: history.length > 0 ? decider.evolve(before, history[history.length - 1]!) : before };
  }

  // A repository's full name (for its URLs) and its organization, if an organization owns it.
  async function repositoryHome(repositoryId: number): Promise<{ fullName: string; urls: ApiUrls; organizationId: number | null } | null> {
    const repository = await repositories.byId(repositoryId);
    const owner = repository ? (await repositories.accountsByIds([repository.owner_id])).get(repository.owner_id) : undefined;
    if (!repository || !owner) return null;
    return { fullName: `${owner.login}/${repository.name}`, urls, organizationId: owner.type === 'Organization' ? owner.id : null };
  }

  // label, milestone, repository and project events, which the activity feeds have no record
  // of: the object as its stream says it was right after the event, on the read model's document.
  async function directDelivery(event: StoredEvent, wanted: (target: DeliveryTarget) => Promise<boolean>): Promise<RenderedDelivery | null> {
    const made = await directSubject(event);
    if (!made) return null;
    const organizationId =
      made.organizationId !== undefined
        ? made.organizationId
        : made.repositoryId === null
          ? null
          : ((await repositoryHome(made.repositoryId))?.organizationId ?? null);
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

  async function directSubject(event: StoredEvent): Promise<{
    event: string;
    action: string | null;
    repositoryId: number | null;
    organizationId?: number | null;
    fields: Json;
    deletedRepository?: RepositoryDocument;
  } | null> {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'LabelCreated':
      case 'LabelUpdated': {
        const [current] = await issues.labelsByIds([Number(data.labelId)]);
        const { before, after: then } = await statesAround(labelDecider, event);
        const paths = current ? await repositoryHome(current.repository_id) : null;
        if (!current || !paths || then.status !== 'present') return null;
        const label = { ...current, name: then.name, color: then.color, description: then.description };
        if (event.type === 'LabelCreated')
          return { event: 'label', action: 'created', repositoryId: label.repository_id, fields: { label: labelJson(label, paths) } };
        const changes = before.status === 'present' ? changesOf(before, then, LABEL_CHANGE_FIELDS) : {};
        return { event: 'label', action: 'edited', repositoryId: label.repository_id, fields: { label: labelJson(label, paths), changes } };
      }
      case 'MilestoneCreated':
      case 'MilestoneUpdated': {
        const current = await issues.milestoneById(Number(data.milestoneId));
        const { before, after: then } = await statesAround(milestoneDecider, event);
        const paths = current ? await repositoryHome(current.repository_id) : null;
        if (!current || !paths || then.status !== 'present') return null;
        const closedAt = then.state === 'closed' ? (current.closed_at ?? event.metadata.occurredAt) : null;
        const milestone = { ...current, title: then.title, description: then.description, state: then.state, due_on: then.dueOn, closed_at: closedAt };
        const state = (data.changes as { state?: string } | undefined)?.state;
        const action = event.type === 'MilestoneCreated' ? 'created' : state === 'closed' ? 'closed' : state === 'open' ? 'opened' : 'edited';
        const creator = (await repositories.accountsByIds([milestone.creator_id])).get(milestone.creator_id);
        const changes = action === 'edited' && before.status === 'present' ? { changes: changesOf(before, then, MILESTONE_CHANGE_FIELDS) } : {};
        return {
          event: 'milestone',
          action,
          repositoryId: milestone.repository_id,
          fields: { milestone: milestoneJson(milestone, creator, paths), ...changes },
        };
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
        if (changes.private === undefined) {
          const { before, after } = await statesAround(repositoryDecider, event);
          const edited = before.status === 'active' && after.status === 'active' ? changesOf(before.settings, after.settings, REPOSITORY_CHANGE_FIELDS) : {};
          return { event: 'repository', action: 'edited', repositoryId: Number(data.repositoryId), fields: { changes: edited } };
        }
        return { event: 'repository', action: changes.private ? 'privatized' : 'publicized', repositoryId: Number(data.repositoryId), fields: {} };
      }
      case 'ProjectCreated':
      case 'ProjectUpdated': {
        const current = await projects.project(Number(data.projectId));
        const { before, after: then } = await statesAround(projectDecider, event);
        if (!current || then.status !== 'active') return null;
        const project = { ...current, name: then.settings.name, body: then.settings.body, state: then.settings.state };
        const state = (data.changes as { state?: string } | undefined)?.state;
        const action = event.type === 'ProjectCreated' ? 'created' : state === 'closed' ? 'closed' : state === 'open' ? 'reopened' : 'edited';
        const changes = action === 'edited' && before.status === 'active' ? { changes: changesOf(before.settings, then.settings, PROJECT_CHANGE_FIELDS) } : {};
        return { event: 'project', action, ...projectHome(project), fields: { project: await projectPayload(project), ...changes } };
      }
      case 'ProjectColumnCreated':
      case 'ProjectColumnRenamed':
      case 'ProjectColumnMoved': {
        const current = await projects.column(Number(data.columnId));
        const project = current ? await projects.project(current.project_id) : null;
        const { before, after: then } = await statesAround(projectDecider, event);
        const name = then.columnNames.get(Number(data.columnId));
        if (!current || !project || name === undefined) return null;
        const column = { ...current, name };
        const action = event.type === 'ProjectColumnCreated' ? 'created' : event.type === 'ProjectColumnRenamed' ? 'edited' : 'moved';
        const changes = action === 'edited' ? { changes: { name: { from: before.columnNames.get(Number(data.columnId)) ?? null } } } : {};
        return { event: 'project_column', action, ...projectHome(project), fields: { project_column: columnJson(column, urls), ...changes } };
      }
      case 'ProjectCardCreated':
      case 'ProjectCardUpdated':
      case 'ProjectCardMoved': {
        const current = await projects.card(Number(data.cardId));
        const project = current ? await projects.project(current.project_id) : null;
        const { before, after: then } = await statesAround(projectDecider, event);
        const cardThen = then.cardStates.get(Number(data.cardId));
        if (!current || !project || !cardThen) return null;
        const card = { ...current, note: cardThen.note, archived: cardThen.archived, column_id: cardThen.columnId };
        const action = event.type === 'ProjectCardCreated' ? 'created' : event.type === 'ProjectCardUpdated' ? 'edited' : 'moved';
        const creator = (await repositories.accountsByIds([card.creator_id])).get(card.creator_id);
        const contentPaths = card.content ? await repositoryHome(card.content.repositoryId) : null;
        const contentPath = card.content && contentPaths ? `/repos/${contentPaths.fullName}/issues/${card.content.number}` : null;
        // A webhook's card names its column and the card above it (the REST card does not).
        const order = then.cards.get(card.column_id) ?? [];
        const above = order[order.indexOf(card.id) - 1];
        const projectCard = { ...cardJson(card, creator, contentPath, urls), column_id: card.column_id, after_id: above ?? null };
        const changes = action === 'edited' ? { changes: { note: { from: before.cardStates.get(Number(data.cardId))?.note ?? null } } } : {};
        return { event: 'project_card', action, ...projectHome(project), fields: { project_card: projectCard, ...changes } };
      }
      case 'ImportCompleted':
      case 'ImportFailed':
      case 'ImportCancelled': {
        const status = event.type === 'ImportCompleted' ? 'success' : event.type === 'ImportFailed' ? 'failure' : 'cancelled';
        return { event: 'repository_import', action: null, repositoryId: Number(data.repositoryId), fields: { status } };
      }
      default:
        return deletedSubject(event);
    }
  }

  // A deletion: the object as its projection last had it (a copy kept for a few days after the
  // deletion, application/shared/deletedCopies.ts), since the read model no longer holds it.
  async function deletedSubject(event: StoredEvent) {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'LabelDeleted': {
        const label = await deletedCopy<LabelDocument>(store, 'label', Number(data.labelId));
        const paths = label ? await repositoryHome(label.repository_id) : null;
        if (!label || !paths) return null;
        return { event: 'label', action: 'deleted', repositoryId: label.repository_id, fields: { label: labelJson(label, paths) } };
      }
      case 'MilestoneDeleted': {
        const milestone = await deletedCopy<MilestoneDocument>(store, 'milestone', Number(data.milestoneId));
        const paths = milestone ? await repositoryHome(milestone.repository_id) : null;
        if (!milestone || !paths) return null;
        const creator = (await repositories.accountsByIds([milestone.creator_id])).get(milestone.creator_id);
        return {
          event: 'milestone',
          action: 'deleted',
          repositoryId: milestone.repository_id,
          fields: { milestone: milestoneJson(milestone, creator, paths) },
        };
      }
      case 'ProjectDeleted': {
        const project = await deletedCopy<ProjectDocument>(store, 'project', Number(data.projectId));
        if (!project) return null;
        return { event: 'project', action: 'deleted', ...projectHome(project), fields: { project: await projectPayload(project) } };
      }
      case 'ProjectColumnDeleted': {
        const column = await deletedCopy<ProjectColumnDocument>(store, 'project_column', Number(data.columnId));
        const project = column ? await projects.project(column.project_id) : null;
        if (!column || !project) return null;
        return { event: 'project_column', action: 'deleted', ...projectHome(project), fields: { project_column: columnJson(column, urls) } };
      }
      case 'ProjectCardDeleted': {
        const card = await deletedCopy<ProjectCardDocument>(store, 'project_card', Number(data.cardId));
        const project = card ? await projects.project(card.project_id) : null;
        if (!card || !project) return null;
        const creator = (await repositories.accountsByIds([card.creator_id])).get(card.creator_id);
        const contentPaths = card.content ? await repositoryHome(card.content.repositoryId) : null;
        const contentPath = card.content && contentPaths ? `/repos/${contentPaths.fullName}/issues/${card.content.number}` : null;
        const projectCard = { ...cardJson(card, creator, contentPath, urls), column_id: card.column_id, after_id: null };
        return { event: 'project_card', action: 'deleted', ...projectHome(project), fields: { project_card: projectCard } };
      }
      case 'RepositoryDeleted': {
        const repository = await deletedCopy<RepositoryDocument>(store, 'repository', Number(data.repositoryId));
        if (!repository) return null;
        const owner = (await repositories.accountsByIds([repository.owner_id])).get(repository.owner_id);
        const organizationId = owner?.type === 'Organization' ? owner.id : null;
        return { event: 'repository', action: 'deleted', repositoryId: repository.id, organizationId, fields: {}, deletedRepository: repository };
      }
      default:
        return null;
    }
  }

  // Which hooks hear about a project: its repository's (and that one's organization's), or its
  // organization's; a user's project has none.
  function projectHome(project: ProjectDocument): { repositoryId: number | null; organizationId?: number | null } {
    if (project.owner_kind === 'repository') return { repositoryId: project.owner_id };
    return { repositoryId: null, organizationId: project.owner_kind === 'organization' ? project.owner_id : null };
  }

  async function projectPayload(project: ProjectDocument): Promise<Json> {
    const accounts = await repositories.accountsByIds([project.creator_id, project.owner_id]);
    const repositoryName = project.owner_kind === 'repository' ? (await repositoryHome(project.owner_id))?.fullName : undefined;
    const owner = projectOwnerPaths(project, repositoryName, accounts.get(project.owner_id)?.login);
    return projectJson(project, accounts.get(project.creator_id), owner, 'admin', urls);
  }

  return {
    async ping(hook: HookDocument) {
      refreshUrls();
      const home: HookHome =
        hook.owner_kind === 'repository'
          ? { kind: 'repository', fullName: (await repositoryHome(hook.owner_id))?.fullName ?? '' }
          : { kind: 'organization', login: (await organizations.organizationById(hook.owner_id))?.login ?? '' };
      const around = await common(hook.owner_kind === 'repository' ? hook.owner_id : null, hook.owner_kind === 'organization' ? hook.owner_id : null, null);
      return { zen: ZEN[hook.id % ZEN.length], hook_id: hook.id, hook: hookJson(hook, home, urls), ...around };
    },

    async latestPush(repositoryId: number) {
      refreshUrls();
      // The repository's feed holds its newest activity (entries of four numbers, id first).
      const feed = await store.collection<ActivityFeedDocument>(ACTIVITY_FEEDS_COLLECTION).findOne({ _id: repositoryFeed(repositoryId) });
      const ids: number[] = [];
      for (let at = 0; at < (feed?.entries.length ?? 0); at += 4) ids.push(Number(feed!.entries[at]));
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
