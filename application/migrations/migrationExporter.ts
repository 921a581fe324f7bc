import {
  ORG_MEMBERSHIPS_COLLECTION,
  ORGANIZATIONS_COLLECTION,
  type OrganizationDocument,
  type OrgMembershipDocument,
} from '../accounts/organizations.readModel.js';
import { USERS_COLLECTION, type UserDocument } from '../accounts/users.readModel.js';
import {
  ISSUE_COMMENTS_COLLECTION,
  ISSUES_COLLECTION,
  LABELS_COLLECTION,
  MILESTONES_COLLECTION,
  REACTIONS_COLLECTION,
  type IssueCommentDocument,
  type IssueDocument,
  type LabelDocument,
  type MilestoneDocument,
  type ReactionDocument,
} from '../issues/issues.readModel.js';
import {
  PROJECT_CARDS_COLLECTION,
  PROJECT_COLUMNS_COLLECTION,
  PROJECTS_COLLECTION,
  type ProjectCardDocument,
  type ProjectColumnDocument,
  type ProjectDocument,
} from '../projects/projects.readModel.js';
import { PULL_REQUESTS_COLLECTION, type PullRequestDocument } from '../pulls/pullRequests.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  type RepositoryCollaboratorDocument,
  type RepositoryDocument,
} from '../repositories/repositories.readModel.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';
import type { Document, ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { HOOKS_COLLECTION, type HookDocument } from '../webhooks/webhooks.readModel.js';
import { issueStream } from '../../domain/issues/issue.events.js';
import type { MigrationOptions, MigrationOwner } from '../../domain/migrations/migration.events.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import { pullRequestStream } from '../../domain/pulls/pullRequest.decider.js';
import type { ArchiveWriter } from './migrationArchive.ports.js';
import {
  archiveUrls,
  issueCommentRecord,
  issueRecord,
  milestoneRecord,
  organizationRecord,
  projectRecord,
  pullRequestRecord,
  repositoryRecord,
  userRecord,
  type ArchiveUrls,
  type PullRequestSides,
} from './migrationRecords.js';
import { timelineAccountIds, timelineRecords } from './timelineRecords.js';

// A card's content by its kind and id: the web URL of its issue or pull request.
type ContentUrls = Readonly<Record<'Issue' | 'PullRequest', ReadonlyMap<number, string>>>;

// GitHub's files hold at most 1,000 records each.
export const RECORDS_PER_FILE = 1000;
export const ARCHIVE_SCHEMA_VERSION = '1.0.1';

// One kind of record, written to `<kind>_000001.json`, `<kind>_000002.json`... as batches fill.
class RecordFiles {
  private batch: unknown[] = [];
  private files = 0;

  constructor(
    private readonly writer: ArchiveWriter,
    private readonly kind: string,
  ) {}

  async add(record: unknown): Promise<void> {
    this.batch.push(record);
    if (this.batch.length === RECORDS_PER_FILE) await this.flush();
  }

  private async flush(): Promise<void> {
    this.files++;
    await this.writer.addJson(`${this.kind}_${String(this.files).padStart(6, '0')}.json`, this.batch);
    this.batch = [];
  }

  // The first file is written even when empty, so every kind has one.
  async finish(): Promise<void> {
    if (this.batch.length > 0 || this.files === 0) await this.flush();
  }
}

export interface MigrationToExport extends MigrationOptions {
  readonly owner: MigrationOwner;
  readonly repositoryIds: readonly number[];
}

// Writes a migration's archive from the read models and git: one page of records in memory
// at a time, users written last (every record met on the way names them).
export class MigrationExporter {
  private readonly logins = new Map<number, string>();
  private readonly urls: ArchiveUrls;

  constructor(
    private readonly store: ReadModelStore,
    // Each exported issue's and pull request's own streams, read once, for their timelines.
    private readonly eventStore: EventStore,
    htmlBase: string,
  ) {
    this.urls = archiveUrls(htmlBase);
  }

  async export(migration: MigrationToExport, writer: ArchiveWriter): Promise<void> {
    await writer.addJson('schema.json', { version: ARCHIVE_SCHEMA_VERSION });
    await this.know([migration.owner.id]);
    const files = {
      organizations: new RecordFiles(writer, 'organizations'),
      repositories: new RecordFiles(writer, 'repositories'),
      issues: new RecordFiles(writer, 'issues'),
      pullRequests: new RecordFiles(writer, 'pull_requests'),
      comments: new RecordFiles(writer, 'issue_comments'),
      events: new RecordFiles(writer, 'issue_events'),
      milestones: new RecordFiles(writer, 'milestones'),
      projects: new RecordFiles(writer, 'projects'),
    };
    if (migration.owner.kind === 'organization') {
      const organization = await this.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ id: migration.owner.id });
      const account = await this.collection<UserDocument>(USERS_COLLECTION).findOne({ id: migration.owner.id });
      if (organization && account) {
        const members = await this.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).find({ org_id: organization.id });
        await this.know(members.map((member) => member.user_id));
        await files.organizations.add(organizationRecord(organization, account, members, this.login, this.urls));
      }
    }
    const repositoryIds = migration.orgMetadataOnly ? [] : migration.repositoryIds;
    for (const repositoryId of repositoryIds) {
      const repository = await this.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ id: repositoryId });
      if (!repository) continue;
      await this.know([repository.owner_id]);
      const fullName = `${this.login(repository.owner_id)}/${repository.name}`;
      await this.exportRepository(repository, fullName, migration, files);
      if (!migration.excludeGitData) await writer.addGitRepository(`repositories/${fullName}.git`, repository.id);
    }
    // The owner's own projects: an organization's, or the user's of a user migration
    // (`exclude_owner_projects`: "projects owned by the organization or users").
    if (!migration.excludeOwnerProjects && !migration.excludeMetadata) {
      await this.know([migration.owner.id]);
      await this.exportProjects(
        { owner_kind: migration.owner.kind === 'organization' ? 'organization' : 'user', owner_id: migration.owner.id },
        this.urls.user(this.login(migration.owner.id) ?? ''),
        files.projects,
        new Set(repositoryIds),
      );
    }
    for (const kind of Object.values(files)) await kind.finish();
    await this.exportUsers(writer, migration.owner);
  }

  private async exportRepository(
    repository: RepositoryDocument,
    fullName: string,
    migration: MigrationToExport,
    files: Record<'repositories' | 'issues' | 'pullRequests' | 'comments' | 'events' | 'milestones' | 'projects', RecordFiles>,
  ): Promise<void> {
    const repositoryUrl = this.urls.repository(fullName);
    const labels = await this.collection<LabelDocument>(LABELS_COLLECTION).find({ repository_id: repository.id });
    const collaborators = await this.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION).find({ repository_id: repository.id });
    await this.know(collaborators.map((collaborator) => collaborator.user_id));
    const hooks = await this.collection<HookDocument>(HOOKS_COLLECTION).find({ owner_kind: 'repository', owner_id: repository.id }, { sort: { id: 1 } });
    await files.repositories.add(
      repositoryRecord(repository, fullName, this.login(repository.owner_id) ?? 'ghost', labels, collaborators, hooks, this.login, this.urls),
    );
    if (migration.excludeMetadata) return;
    const milestones = await this.collection<MilestoneDocument>(MILESTONES_COLLECTION).find({ repository_id: repository.id }, { sort: { number: 1 } });
    await this.know(milestones.map((milestone) => milestone.creator_id));
    for (const milestone of milestones) await files.milestones.add(milestoneRecord(milestone, repositoryUrl, this.login, this.urls));
    const milestonesById = new Map(milestones.map((milestone) => [milestone.id, milestone]));
    const labelsById = new Map(labels.map((label) => [label.id, label]));
    // Issues and pull requests have ids of their own kinds (the same number may be both).
    const issueUrls = new Map<number, string>();
    const pullUrls = new Map<number, string>();
    // A pull request card names the pull request's id; an issue card may name a pull request's issue.
    const contentUrls = { Issue: new Map<number, string>(), PullRequest: new Map<number, string>() };
    let after = 0;
    for (;;) {
      const page = await this.collection<IssueDocument>(ISSUES_COLLECTION).find(
        { repository_id: repository.id, number: { $gt: after } },
        { sort: { number: 1 }, limit: RECORDS_PER_FILE },
      );
      if (page.length === 0) break;
      after = page[page.length - 1]!.number;
      const pulls = new Map(
        (
          await this.collection<PullRequestDocument>(PULL_REQUESTS_COLLECTION).find({
            repository_id: repository.id,
            number: { $in: page.filter((issue) => issue.pull_request !== undefined).map((issue) => issue.number) },
          })
        ).map((pull) => [pull.number, pull]),
      );
      const timelines = await this.timelinesOf(page, pulls);
      await this.know(
        page.flatMap((issue) => [
          issue.user_id,
          ...issue.assignee_ids,
          ...(issue.closed_by_id === null ? [] : [issue.closed_by_id]),
          ...timelineAccountIds(timelines.get(issue.id) ?? []),
        ]),
      );
      // A pull request's reactions are its issue's (its conversation's), as on GitHub.
      const reactions = await this.reactionsOf(
        'issue',
        page.map((issue) => issue.id),
      );
      for (const issue of page) {
        const pull = pulls.get(issue.number);
        if (issue.pull_request !== undefined && pull) {
          pullUrls.set(issue.id, `${repositoryUrl}/pull/${issue.number}`);
          contentUrls.Issue.set(issue.id, `${repositoryUrl}/pull/${issue.number}`);
          contentUrls.PullRequest.set(pull.id, `${repositoryUrl}/pull/${issue.number}`);
          const sides = await this.sidesOf(pull, repository, repositoryUrl, migration.owner);
          await files.pullRequests.add(
            pullRequestRecord(pull, issue, repositoryUrl, sides, milestonesById, labelsById, reactions.get(issue.id) ?? [], this.login, this.urls),
          );
          const subject = {
            kind: 'pull_request' as const,
            url: `${repositoryUrl}/pull/${issue.number}`,
            repositoryUrl,
            labels: labelsById,
            milestones: milestonesById,
          };
          for (const event of timelineRecords(timelines.get(issue.id) ?? [], subject, this.login, this.urls)) await files.events.add(event);
        } else {
          const url = `${repositoryUrl}/issues/${issue.number}`;
          issueUrls.set(issue.id, url);
          contentUrls.Issue.set(issue.id, url);
          await files.issues.add(issueRecord(issue, repositoryUrl, milestonesById, labelsById, reactions.get(issue.id) ?? [], this.login, this.urls));
          const subject = { kind: 'issue' as const, url, repositoryUrl, labels: labelsById, milestones: milestonesById };
          for (const event of timelineRecords(timelines.get(issue.id) ?? [], subject, this.login, this.urls)) await files.events.add(event);
        }
      }
    }
    let commentsAfter = 0;
    for (;;) {
      const page = await this.collection<IssueCommentDocument>(ISSUE_COMMENTS_COLLECTION).find(
        { repository_id: repository.id, id: { $gt: commentsAfter } },
        { sort: { id: 1 }, limit: RECORDS_PER_FILE },
      );
      if (page.length === 0) break;
      commentsAfter = page[page.length - 1]!.id;
      await this.know(page.map((comment) => comment.user_id));
      const reactions = await this.reactionsOf(
        'issue_comment',
        page.map((comment) => comment.id),
      );
      for (const comment of page) {
        const issueUrl = issueUrls.get(comment.issue_id) ?? pullUrls.get(comment.issue_id);
        if (issueUrl) await files.comments.add(issueCommentRecord(comment, issueUrl, reactions.get(comment.id) ?? [], this.login, this.urls));
      }
    }
    await this.exportProjects({ owner_kind: 'repository', owner_id: repository.id }, repositoryUrl, files.projects, contentUrls, repository.private);
  }

  // The events of a page of issues, by issue id, in log order: each issue's stream and, for a
  // pull request, its pull request's stream too (its title, state and merge), each read once.
  private async timelinesOf(page: readonly IssueDocument[], pulls: ReadonlyMap<number, PullRequestDocument>): Promise<Map<number, StoredEvent[]>> {
    const timelines = new Map<number, StoredEvent[]>();
    for (const issue of page) {
      const pull = issue.pull_request !== undefined ? pulls.get(issue.number) : undefined;
      const events = await this.eventStore.readStream(issueStream(issue.id));
      if (pull) events.push(...(await this.eventStore.readStream(pullRequestStream(pull.id))));
      timelines.set(
        issue.id,
        events.sort((a, b) => a.position - b.position),
      );
    }
    return timelines;
  }

  // The reactions of a page of issues or comments, oldest first, by subject; their users known.
  private async reactionsOf(subjectType: ReactionDocument['subject_type'], subjectIds: readonly number[]): Promise<Map<number, ReactionDocument[]>> {
    const found = await this.collection<ReactionDocument>(REACTIONS_COLLECTION).find(
      { subject_type: subjectType, subject_id: { $in: [...subjectIds] } },
      { sort: { id: 1 } },
    );
    await this.know(found.map((reaction) => reaction.user_id));
    const bySubject = new Map<number, ReactionDocument[]>();
    for (const reaction of found) {
      const list = bySubject.get(reaction.subject_id);
      if (list) list.push(reaction);
      else bySubject.set(reaction.subject_id, [reaction]);
    }
    return bySubject;
  }

  private async exportProjects(
    owner: Document,
    ownerUrl: string,
    files: RecordFiles,
    // A repository's cards point into it (its map, made as its issues were written); an owner's
    // into any of the archive's repositories (looked up per project).
    contents: ContentUrls | ReadonlySet<number>,
    // A repository's projects are as private as it is.
    repositoryPrivate?: boolean,
  ): Promise<void> {
    const projects = await this.collection<ProjectDocument>(PROJECTS_COLLECTION).find(owner, { sort: { number: 1 } });
    for (const project of projects) {
      const columns = await this.collection<ProjectColumnDocument>(PROJECT_COLUMNS_COLLECTION).find({ project_id: project.id });
      const ordered = project.column_ids.map((id) => columns.find((column) => column.id === id)).filter((column): column is ProjectColumnDocument => !!column);
      const cards = new Map(
        (await this.collection<ProjectCardDocument>(PROJECT_CARDS_COLLECTION).find({ project_id: project.id })).map((card) => [card.id, card]),
      );
      await this.know([project.creator_id, ...[...cards.values()].map((card) => card.creator_id)]);
      const projectUrl = `${ownerUrl}/projects/${project.number}`;
      const contentUrls = contents instanceof Set ? await this.contentUrlsIn(cards.values(), contents) : (contents as ContentUrls);
      const contentUrl = (card: ProjectCardDocument) => (card.content ? (contentUrls[card.content.type].get(card.content.id) ?? null) : null);
      const shown = repositoryPrivate === undefined ? project : { ...project, private: repositoryPrivate };
      await files.add(projectRecord(shown, projectUrl, ownerUrl, ordered, cards, contentUrl, this.login, this.urls));
    }
  }

  // The URLs of an owner's project's cards whose issue or pull request is in a repository the
  // archive holds (a pull request's issue is its pull request, as in a repository's map).
  private async contentUrlsIn(cards: Iterable<ProjectCardDocument>, exported: ReadonlySet<number>): Promise<ContentUrls> {
    const contentUrls = { Issue: new Map<number, string>(), PullRequest: new Map<number, string>() };
    for (const { content } of cards) {
      if (!content || !exported.has(content.repositoryId)) continue;
      const issue = await this.collection<IssueDocument>(ISSUES_COLLECTION).findOne({ repository_id: content.repositoryId, number: content.number });
      if (!issue) continue;
      const repositoryUrl = await this.repositoryUrlOf(content.repositoryId, '');
      const pull = content.type === 'PullRequest' || issue.pull_request !== undefined;
      contentUrls[content.type].set(content.id, `${repositoryUrl}/${pull ? 'pull' : 'issues'}/${content.number}`);
    }
    return contentUrls;
  }

  // Personal data (a private email) only of the migration's own account, as GitHub's migrator
  // decides: a user's archive has their own email; anyone else, the members of an
  // organization included, is written with their public email only.
  private async exportUsers(writer: ArchiveWriter, owner: MigrationOwner): Promise<void> {
    const showsPrivateEmail = (user: UserDocument) => user.id === owner.id;
    const users = new RecordFiles(writer, 'users');
    const ids = [...this.logins.keys()].sort((a, b) => a - b);
    for (let start = 0; start < ids.length; start += RECORDS_PER_FILE) {
      const page = await this.collection<UserDocument>(USERS_COLLECTION).find({ id: { $in: ids.slice(start, start + RECORDS_PER_FILE) }, type: 'User' });
      for (const user of page.sort((a, b) => a.id - b.id)) await users.add(userRecord(user, this.urls, showsPrivateEmail(user)));
    }
    await users.finish();
  }

  // The archive is read by its owner (the user, or the organization's owners): a head repository
  // is named only where the API would show it to them, as a pull request's head.repo is. An
  // organization as such reads only its own and public repositories.
  private async readsHead(head: RepositoryDocument, owner: MigrationOwner): Promise<boolean> {
    if (!head.private || head.owner_id === owner.id) return true;
    if (owner.kind === 'organization') return false;
    return (await new RepositoryAccessQuery(this.store).roleFor({ userId: owner.id, siteAdmin: false }, head)) !== 'none';
  }

  private async sidesOf(pull: PullRequestDocument, base: RepositoryDocument, baseUrl: string, owner: MigrationOwner): Promise<PullRequestSides> {
    const baseOwnerUrl = this.urls.user(this.login(base.owner_id) ?? 'ghost');
    if (pull.head.repository_id === base.id) return { baseOwnerUrl, headOwnerUrl: baseOwnerUrl, headRepositoryUrl: baseUrl };
    const head = await this.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ id: pull.head.repository_id });
    if (!head || !(await this.readsHead(head, owner)))
      return { baseOwnerUrl, headOwnerUrl: this.urls.user(this.login(pull.user_id) ?? 'ghost'), headRepositoryUrl: null };
    await this.know([head.owner_id]);
    const headOwner = this.login(head.owner_id) ?? 'ghost';
    return { baseOwnerUrl, headOwnerUrl: this.urls.user(headOwner), headRepositoryUrl: this.urls.repository(`${headOwner}/${head.name}`) };
  }

  private async repositoryUrlOf(repositoryId: number, fallback: string): Promise<string> {
    const repository = await this.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ id: repositoryId });
    if (!repository) return fallback;
    await this.know([repository.owner_id]);
    return this.urls.repository(`${this.login(repository.owner_id)}/${repository.name}`);
  }

  // Learns the logins of accounts not met yet (one read per page of records).
  private async know(ids: readonly number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.logins.has(id));
    if (missing.length === 0) return;
    for (const account of await this.collection<UserDocument>(USERS_COLLECTION).find({ id: { $in: missing } })) this.logins.set(account.id, account.login);
  }

  private readonly login = (id: number | null): string | null => (id === null ? null : (this.logins.get(id) ?? null));

  private collection<T extends Document>(name: string) {
    return this.store.collection<T>(name);
  }
}
