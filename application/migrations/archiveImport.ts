import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import { ORG_MEMBERSHIPS_COLLECTION, type OrgMembershipDocument } from '../accounts/organizations.readModel.js';
import type { ReactionTarget } from '../issues/reactions.handler.js';
import { LABELS_COLLECTION, type LabelDocument } from '../issues/issues.readModel.js';
import { PROJECTS_COLLECTION, type ProjectDocument } from '../projects/projects.readModel.js';
import { PULL_REQUESTS_COLLECTION, type PullRequestDocument } from '../pulls/pullRequests.readModel.js';
import type { AppError } from '../shared/appError.js';
import { systemContext, type CommandContext } from '../shared/commandContext.js';
import type { OpenedArchive } from './migrationArchive.ports.js';
import type { ArchiveImportReport, ImportParts } from './archiveImportParts.js';
import { fullNameOf, issueSideOf, loginOf, numberOf, text, type ArchiveRecord } from './archiveRecordFields.js';

// A refusal the report names, in words a person reads (the report is read by a person, and
// an error's tag, "LabelNameTaken", is no sentence): "refused: label name taken".
export function refusalInWords(error: AppError): string {
  const words = error._tag.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return `refused: ${words}`;
}

// One restore of a migration archive (archiveImporter.ts opens the archive and runs it), and
// its state: the accounts and repositories it met, by login and full name.
export class ArchiveImport {
  private readonly userIds = new Map<string, number>();
  private readonly repositoryIds = new Map<string, number>();
  // Repositories of the archive that were already here: what belongs to them is not imported.
  private readonly leftAsIs = new Set<string>();
  // The projects this run created (by id).
  private readonly projectsMade = new Set<number>();
  private readonly warnings: string[] = [];
  private readonly counts = { matched: 0, created: 0, organizations: 0, issues: 0, pullRequests: 0, comments: 0, milestones: 0, projects: 0 };
  private readonly imported: string[] = [];

  constructor(
    private readonly d: ImportParts,
    private readonly archive: OpenedArchive,
  ) {}

  // At the record's own time (now when it has none), acting for actorId.
  private at(when: unknown, actorId: number | null): CommandContext {
    const instant = typeof when === 'string' && !Number.isNaN(Date.parse(when)) ? new Date(when) : this.d.clock.now();
    return { ...systemContext(instant, actorId), keepsTime: true };
  }

  async run(): Promise<ArchiveImportReport> {
    const version = await this.archive.schemaVersion();
    if (version === null) this.warnings.push('schema.json is missing: read as version 1.0.1');
    for await (const user of this.archive.records('users')) await this.user(user);
    for await (const organization of this.archive.records('organizations')) await this.organization(organization);
    for await (const repository of this.archive.records('repositories')) await this.repository(repository);
    for await (const milestone of this.archive.records('milestones')) await this.milestone(milestone);
    await this.issuesAndPulls();
    for await (const comment of this.archive.records('issue_comments')) await this.comment(comment);
    for await (const project of this.archive.records('projects')) await this.project(project);
    const { matched, created, organizations, issues, pullRequests, comments, milestones, projects } = this.counts;
    return {
      users: { matched, created },
      organizations,
      repositories: this.imported,
      issues,
      pullRequests,
      comments,
      milestones,
      projects,
      warnings: this.warnings,
    };
  }

  private async user(record: ArchiveRecord): Promise<void> {
    const login = String(record.login ?? loginOf(record.url));
    const existing = await this.d.repositories.accountByLogin(login);
    if (existing) {
      this.userIds.set(login.toLowerCase(), existing.id);
      this.counts.matched++;
      return;
    }
    const emails = Array.isArray(record.emails) ? (record.emails as { address?: string }[]) : [];
    const input = { login, email: emails[0]?.address ?? null, name: text(record.name) };
    let created = await this.d.createUser.execute(input, this.at(record.created_at, null));
    // Another account here has the email: the user is still restored (what they authored needs
    // them), without it.
    if (isLeft(created) && created.left._tag === 'EmailTaken') {
      this.warnings.push(`user ${login}: its email is another account's here, created without an email`);
      created = await this.d.createUser.execute({ ...input, email: null }, this.at(record.created_at, null));
    }
    // Made meanwhile (the same archive imported at once by another request): matched, as one
    // made before would have been.
    if (isLeft(created) && created.left._tag === 'LoginTaken') {
      const made = await this.d.repositories.accountByLogin(login);
      if (made) {
        this.userIds.set(login.toLowerCase(), made.id);
        this.counts.matched++;
        return;
      }
    }
    if (this.failed(created, `user ${login}`)) return;
    this.userIds.set(login.toLowerCase(), created.right.userId);
    this.counts.created++;
  }

  private async organization(record: ArchiveRecord): Promise<void> {
    const login = String(record.login ?? loginOf(record.url));
    const members = Array.isArray(record.members) ? (record.members as { user?: string; role?: string }[]) : [];
    const existing = await this.d.repositories.accountByLogin(login);
    if (!existing) {
      const admin = members.find((member) => member.role === 'admin');
      if (!admin) return void this.warnings.push(`organization ${login}: no owner among its members, not created`);
      const created = await this.d.createOrganization.execute({ login, admin: loginOf(admin.user), name: text(record.name) }, this.at(record.created_at, null));
      // Made meanwhile by another import of the archive: its members are set as for one made before.
      const madeMeanwhile = isLeft(created) && created.left._tag === 'OrganizationLoginTaken' && (await this.d.repositories.accountByLogin(login)) !== null;
      if (!madeMeanwhile && this.failed(created, `organization ${login}`)) return;
      if (!madeMeanwhile) this.counts.organizations++;
    }
    for (const member of members) {
      const role = member.role === 'admin' ? 'admin' : 'member';
      const set = await this.d.setMembership.execute(
        { org: login, username: loginOf(member.user), role, actor: { userId: null, siteAdmin: true } },
        this.at(undefined, null),
      );
      this.failed(set, `membership of ${loginOf(member.user)} in ${login}`);
    }
  }

  private actingAs(url: unknown): { userId: number; siteAdmin: true } | null {
    const id = this.userIds.get(loginOf(url).toLowerCase());
    return id === undefined ? null : { userId: id, siteAdmin: true };
  }

  private async repository(record: ArchiveRecord): Promise<void> {
    const fullName = fullNameOf(record.url);
    const ownerLogin = loginOf(record.owner);
    const owner = await this.d.repositories.accountByLogin(ownerLogin);
    if (!owner) return void this.warnings.push(`repository ${fullName}: its owner ${ownerLogin} is not in the archive or on this server`);
    if (await this.d.repositories.byOwnerAndName(owner.id, String(record.name))) return this.alreadyHere(fullName);
    const callerId = owner.type === 'Organization' ? await this.organizationAdmin(owner.id) : owner.id;
    if (callerId === null) return void this.warnings.push(`repository ${fullName}: nobody can create it`);
    const context = this.at(record.created_at, callerId);
    const created = await this.d.createRepository.execute(
      { userId: callerId, siteAdmin: true },
      {
        organizationLogin: owner.type === 'Organization' ? owner.login : null,
        name: String(record.name),
        description: text(record.description),
        homepage: text(record.website),
        private: record.private === true,
        hasIssues: record.has_issues !== false,
        hasProjects: record.has_projects !== false,
        hasWiki: record.has_wiki !== false,
        autoInit: false,
      },
      context,
    );
    // Made meanwhile (another import of the same archive at once): left as it is, as one made
    // before is; the race's tag is no report (it read "repository o/r: RepositoryNameTaken").
    if (isLeft(created) && created.left._tag === 'RepositoryNameTaken') return this.alreadyHere(fullName);
    if (this.failed(created, `repository ${fullName}`)) return;
    const repositoryId = created.right.repositoryId;
    this.repositoryIds.set(fullName.toLowerCase(), repositoryId);
    this.imported.push(fullName);
    const git = await this.archive.gitData(fullName);
    if (git) {
      const defaultBranch = text(record.default_branch);
      const published = await this.d.history.publish(repositoryId, { gitDir: git.gitDir, refs: git.refs, headBranch: defaultBranch }, null, () => {}, context);
      if (published._tag === 'Left') this.warnings.push(`repository ${fullName}: git data not imported: ${published.left}`);
    }
    await this.labels(
      repositoryId,
      fullName,
      Array.isArray(record.labels) ? (record.labels as ArchiveRecord[]) : [],
      { userId: callerId, siteAdmin: true },
      context,
    );
  }

  private alreadyHere(fullName: string): void {
    this.leftAsIs.add(fullName.toLowerCase());
    this.warnings.push(`repository ${fullName}: already exists here, left as it is`);
  }

  // An owner of the organization, to create its repositories as.
  private async organizationAdmin(organizationId: number): Promise<number | null> {
    const owner = await this.d.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).findOne({ org_id: organizationId, role: 'admin' });
    return owner?.user_id ?? null;
  }

  // The archive's labels exactly: missing ones made, changed ones updated, others deleted.
  private async labels(
    repositoryId: number,
    fullName: string,
    records: readonly ArchiveRecord[],
    caller: { userId: number; siteAdmin: true },
    context: CommandContext,
  ) {
    const present = await this.d.store.collection<LabelDocument>(LABELS_COLLECTION).find({ repository_id: repositoryId });
    const wanted = new Map(records.map((label) => [String(label.name).toLowerCase(), label]));
    for (const label of present) {
      const record = wanted.get(label.name.toLowerCase());
      if (!record) {
        this.failed(await this.d.labels.delete(caller, repositoryId, label.name, context), `label ${label.name} of ${fullName}`);
        continue;
      }
      wanted.delete(label.name.toLowerCase());
      const changes = { color: String(record.color ?? label.color), description: text(record.description) };
      if (changes.color !== label.color || changes.description !== label.description)
        this.failed(await this.d.labels.update(caller, repositoryId, label.name, changes, context), `label ${label.name} of ${fullName}`);
    }
    for (const record of wanted.values()) {
      const created = await this.d.labels.create(
        caller,
        repositoryId,
        { name: String(record.name), color: String(record.color ?? 'ededed'), description: text(record.description) },
        context,
      );
      this.failed(created, `label ${String(record.name)} of ${fullName}`);
    }
  }

  private async milestone(record: ArchiveRecord): Promise<void> {
    const fullName = fullNameOf(String(record.repository));
    const repositoryId = this.repositoryIds.get(fullName.toLowerCase());
    const caller = this.actingAs(record.user);
    if (repositoryId === undefined || !caller) return;
    const created = await this.d.milestones.create(
      caller,
      repositoryId,
      { title: String(record.title), description: text(record.description), state: record.state === 'closed' ? 'closed' : 'open', dueOn: text(record.due_on) },
      this.at(record.created_at, caller.userId),
    );
    if (this.failed(created, `milestone ${String(record.title)} of ${fullName}`)) return;
    this.counts.milestones++;
    if (created.right.number !== numberOf(record.url))
      this.warnings.push(`milestone ${String(record.title)} of ${fullName}: number ${created.right.number}, was ${numberOf(record.url)}`);
  }

  // Issues and pull requests share one sequence of numbers: made in number order, they get theirs.
  private async issuesAndPulls(): Promise<void> {
    const all: { record: ArchiveRecord; kind: 'issue' | 'pull' }[] = [];
    for await (const record of this.archive.records('issues')) all.push({ record, kind: 'issue' });
    for await (const record of this.archive.records('pull_requests')) all.push({ record, kind: 'pull' });
    all.sort(
      (a, b) =>
        fullNameOf(String(a.record.repository)).localeCompare(fullNameOf(String(b.record.repository))) || numberOf(a.record.url) - numberOf(b.record.url),
    );
    for (const { record, kind } of all) {
      if (kind === 'issue') await this.issue(record);
      else await this.pull(record);
    }
  }

  private async issue(record: ArchiveRecord): Promise<void> {
    const fullName = fullNameOf(String(record.repository));
    const repositoryId = this.repositoryIds.get(fullName.toLowerCase());
    const caller = this.actingAs(record.user);
    if (repositoryId === undefined) return;
    if (!caller) return void this.warnings.push(`issue ${String(record.url)}: its author is unknown`);
    const { labels, assignees, milestone } = issueSideOf(record);
    const opened = await this.d.openIssue.execute(
      caller,
      repositoryId,
      { title: String(record.title), body: text(record.body), labels, assignees, milestone },
      this.at(record.created_at, caller.userId),
    );
    if (this.failed(opened, `issue ${String(record.url)}`)) return;
    this.counts.issues++;
    this.expectNumber(opened.right.number, record);
    await this.reactions(record, repositoryId, { type: 'issue', number: opened.right.number });
    if (record.closed_at || record.state === 'closed') {
      const closed = await this.d.updateIssue.execute(caller, repositoryId, opened.right.number, { state: 'closed' }, this.at(record.closed_at, caller.userId));
      this.failed(closed, `closing issue ${String(record.url)}`);
    }
  }

  private async pull(record: ArchiveRecord): Promise<void> {
    const fullName = fullNameOf(String(record.repository));
    const repositoryId = this.repositoryIds.get(fullName.toLowerCase());
    const caller = this.actingAs(record.user);
    if (repositoryId === undefined) return;
    if (!caller) return void this.warnings.push(`pull request ${String(record.url)}: its author is unknown`);
    const base = record.base as { ref?: string } | undefined;
    const head = record.head as { ref?: string; repo?: string | null } | undefined;
    // GitHub writes `head.repo: null` once the fork a pull request came from is deleted.
    if (head?.repo === null) return void this.warnings.push(`pull request ${String(record.url)}: its head repository is gone, not imported`);
    if (head?.repo && fullNameOf(head.repo).toLowerCase() !== fullName.toLowerCase())
      return void this.warnings.push(`pull request ${String(record.url)}: its head is in another repository (${String(head.repo)}), not imported`);
    const opened = await this.d.openPull.execute(
      caller,
      repositoryId,
      {
        title: String(record.title),
        head: String(head?.ref ?? ''),
        base: String(base?.ref ?? ''),
        body: text(record.body),
        draft: record.work_in_progress === true,
        maintainerCanModify: false,
      },
      this.at(record.created_at, caller.userId),
    );
    if (this.failed(opened, `pull request ${String(record.url)}`)) return;
    this.counts.pullRequests++;
    this.expectNumber(opened.right.number, record);
    await this.reactions(record, repositoryId, { type: 'issue', number: opened.right.number });
    // Its issue side (labels, assignees, milestone), set as the issues API sets a pull request's.
    const side = issueSideOf(record);
    if (side.labels.length > 0 || side.assignees.length > 0 || side.milestone !== null) {
      const set = await this.d.updateIssue.execute(caller, repositoryId, opened.right.number, side, this.at(record.created_at, caller.userId));
      this.failed(set, `labels, assignees and milestone of pull request ${String(record.url)}`);
    }
    if (record.closed_at || record.merged_at || record.state === 'closed') {
      if (record.merged_at)
        this.warnings.push(`pull request ${String(record.url)}: merged at the source, imported closed (its merge commit is in the history)`);
      const closed = await this.d.editPull.execute(caller, repositoryId, opened.right.number, { state: 'closed' }, this.at(record.closed_at, caller.userId));
      this.failed(closed, `closing pull request ${String(record.url)}`);
    }
  }

  private expectNumber(made: number, record: ArchiveRecord): void {
    if (made !== numberOf(record.url)) this.warnings.push(`${String(record.url)} was imported as number ${made}`);
  }

  private async comment(record: ArchiveRecord): Promise<void> {
    const issueUrl = String(record.issue ?? '');
    const fullName = fullNameOf(issueUrl.replace(/\/(issues|pull)\/\d+$/, ''));
    const repositoryId = this.repositoryIds.get(fullName.toLowerCase());
    const caller = this.actingAs(record.user);
    if (repositoryId === undefined || !caller) return;
    const created = await this.d.comments.create(
      caller,
      repositoryId,
      numberOf(issueUrl),
      String(record.body ?? ''),
      this.at(record.created_at, caller.userId),
    );
    if (this.failed(created, `comment on ${issueUrl}`)) return;
    this.counts.comments++;
    await this.reactions(record, repositoryId, { type: 'issue_comment', commentId: created.right.commentId });
  }

  // Each reaction a record lists ({ user, content, created_at }), by its user at its own time.
  private async reactions(record: ArchiveRecord, repositoryId: number, target: ReactionTarget): Promise<void> {
    for (const reaction of Array.isArray(record.reactions) ? (record.reactions as ArchiveRecord[]) : []) {
      const caller = this.actingAs(reaction.user);
      if (!caller) {
        this.warnings.push(`a reaction on ${String(record.url)}: its user ${loginOf(reaction.user)} is unknown`);
        continue;
      }
      const added = await this.d.reactions.add(caller, repositoryId, target, String(reaction.content), this.at(reaction.created_at, caller.userId));
      this.failed(added, `a reaction on ${String(record.url)}`);
    }
  }

  private async project(record: ArchiveRecord): Promise<void> {
    const ownerUrl = String(record.owner ?? '');
    if (this.leftAsIs.has(fullNameOf(ownerUrl).toLowerCase()))
      return void this.warnings.push(`project ${String(record.url)}: its repository ${fullNameOf(ownerUrl)} already exists here, left as it is`);
    const repositoryId = this.repositoryIds.get(fullNameOf(ownerUrl).toLowerCase());
    const ownerAccount = repositoryId === undefined ? await this.d.repositories.accountByLogin(loginOf(ownerUrl)) : null;
    const owner =
      repositoryId !== undefined
        ? { kind: 'repository' as const, id: repositoryId }
        : ownerAccount
          ? { kind: ownerAccount.type === 'Organization' ? ('organization' as const) : ('user' as const), id: ownerAccount.id }
          : null;
    const caller = this.actingAs(record.creator);
    if (!owner || !caller) return void this.warnings.push(`project ${String(record.url)}: its owner or creator is unknown`);
    // An account's project of the same name that was there before this run is this one,
    // imported before: an import run again leaves it. Names are not unique, so the projects
    // this run made (an archive with two boards of one name) do not count.
    if (owner.kind !== 'repository') {
      const named = await this.d.store
        .collection<ProjectDocument>(PROJECTS_COLLECTION)
        .find({ owner_kind: owner.kind, owner_id: owner.id, name: String(record.name) }, { limit: this.projectsMade.size + 1 });
      if (named.some((project) => !this.projectsMade.has(project.id)))
        return void this.warnings.push(`project ${String(record.url)}: ${loginOf(ownerUrl)} already has a project named ${String(record.name)}, left as it is`);
    }
    const context = this.at(record.created_at, caller.userId);
    // An account's private project is created private: never public, even for a moment.
    const input = { name: String(record.name), body: text(record.body), private: record.public === false && owner.kind !== 'repository' };
    const created = await this.d.projects.create(caller, owner, input, context);
    if (this.failed(created, `project ${String(record.url)}`)) return;
    this.counts.projects++;
    const projectId = created.right;
    this.projectsMade.add(projectId);
    if (record.state === 'closed')
      this.failed(await this.d.projects.update(caller, projectId, { state: 'closed' }, context), `closing project ${String(record.url)}`);
    for (const column of Array.isArray(record.columns) ? (record.columns as ArchiveRecord[]) : []) {
      const columnId = await this.d.projects.createColumn(caller, projectId, String(column.name), context);
      if (this.failed(columnId, `column ${String(column.name)} of ${String(record.url)}`)) continue;
      // A new card goes to the top: the bottom one first keeps the column's order.
      const cards = (Array.isArray(column.cards) ? (column.cards as ArchiveRecord[]) : []).slice().reverse();
      for (const card of cards) {
        const cardCaller: { userId: number; siteAdmin: true } = this.actingAs(card.creator) ?? caller;
        const content = card.content ? await this.contentOf(String(card.content)) : null;
        const input = content ? { contentId: content.id, contentType: content.type } : { note: text(card.note) };
        const made = await this.d.projects.createCard(cardCaller, columnId.right, input, this.at(card.created_at, cardCaller.userId));
        if (this.failed(made, `card of ${String(record.url)}`)) continue;
        if (card.archived === true) this.failed(await this.d.projects.updateCard(cardCaller, made.right, { archived: true }, context), 'archiving a card');
      }
    }
  }

  private async contentOf(url: string): Promise<{ id: number; type: 'Issue' | 'PullRequest' } | null> {
    const repositoryId = this.repositoryIds.get(fullNameOf(url.replace(/\/(issues|pull)\/\d+$/, '')).toLowerCase());
    if (repositoryId === undefined) return null;
    const issue = await this.d.issues.issueByNumber(repositoryId, numberOf(url));
    if (!issue) return null;
    if (!issue.pull_request) return { id: issue.id, type: 'Issue' };
    // A pull request's card names the pull request's id, not its issue's (two id spaces).
    const pull = await this.d.store.collection<PullRequestDocument>(PULL_REQUESTS_COLLECTION).findOne({ repository_id: repositoryId, number: issue.number });
    return pull ? { id: pull.id, type: 'PullRequest' } : null;
  }

  private failed<T>(outcome: Either<AppError, T>, what: string): outcome is Extract<Either<AppError, T>, { _tag: 'Left' }> {
    if (!isLeft(outcome)) return false;
    this.warnings.push(`${what}: ${refusalInWords(outcome.left)}`);
    return true;
  }
}
