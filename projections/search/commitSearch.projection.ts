import { USERS_COLLECTION, type UserDocument } from '../../application/accounts/users.readModel.js';
import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { commitDocument, commitDocumentId, type CommitSearchDocument } from '../../application/search/commitSearchDocument.js';
import { SEARCH_INDEXES, type RepositoryBound } from '../../application/search/searchIndexes.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { CommitRecord, GitStorage } from '../../application/shared/ports/gitStorage.port.js';
import type { SearchFilter } from '../../application/shared/ports/searchIndex.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { RefMoved } from '../../domain/gitdata/refMoved.js';
import { REF_EVENT_TYPES } from '../../domain/gitdata/refMoved.js';
import type { RepositoryCreated, RepositoryEdited } from '../../domain/repositories/repository.events.js';
import type { ProjectionDependencies } from '../shared/projectionDependencies.js';
import { untilPushArrived } from './pushedFiles.js';
import { noReplyAccountId } from '../../domain/accounts/commitEmail.js';

const BATCH = 500;
// The most documents one search of the index answers (Meilisearch's default cap is 1,000).
const PAGE = 1000;

const REPOSITORY_EVENTS = new Set(['RepositoryCreated', 'RepositoryEdited', 'RepositoryTransferred', 'RepositoryDeleted']);

const defaultRef = (repository: RepositoryDocument): string => `refs/heads/${repository.default_branch}`;

function boundOf(repository: RepositoryDocument): RepositoryBound & { fork: boolean } {
  return { repository_id: repository.id, owner_id: repository.owner_id, public: !repository.private, fork: repository.fork };
}

// The default-branch commits of every repository (GET /search/commits). A move of a default
// branch indexes only what became reachable (`to ^from`) and removes what no longer is
// (`from ^to`: a force push); a new repository, a changed default branch or a move git cannot
// walk reindexes the repository; visibility, owner and fork changes restamp its documents.
export function commitSearchProjection(dependencies: ProjectionDependencies): Projection {
  return {
    name: 'search-commits',
    // 2: documents say whether their repository is a fork; 3: a fork detached from a
    // repository made private says it is none; 4: as does one detached from a repository made public.
    version: 4,
    consistency: 'eventual',
    readsReadYourWritesModels: true,
    collections: [],
    searchIndexes: [
      {
        name: SEARCH_INDEXES.commits,
        settings: {
          primaryKey: 'id',
          searchableAttributes: ['message'],
          filterableAttributes: [
            'repository_id',
            'owner_id',
            'public',
            'fork',
            'author_id',
            'committer_id',
            'author_name_words',
            'committer_name_words',
            'author_email',
            'committer_email',
            'author_date',
            'committer_date',
            'merge',
            'hash_prefixes',
            'parent_prefixes',
            'tree_prefixes',
            'generation',
          ],
          sortableAttributes: ['author_date', 'committer_date'],
          rangeAttributes: ['author_date', 'committer_date'],
        },
      },
    ],
    // What apply() below acts on; every other event leaves this model as it is.
    eventTypes: new Set([...REF_EVENT_TYPES, ...REPOSITORY_EVENTS]),
    async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
      if (!REF_EVENT_TYPES.has(event.type) && !REPOSITORY_EVENTS.has(event.type)) return;
      const data = event.data as { repositoryId?: number };
      if (typeof data.repositoryId !== 'number') return;
      const indexer = new CommitIndexer(target, dependencies, event);
      const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(data.repositoryId) });
      if (repository === null) return indexer.removeAll(data.repositoryId);
      if (REF_EVENT_TYPES.has(event.type)) return indexer.moved(repository, event.data as RefMoved['data']);
      if (event.type === 'RepositoryCreated') {
        // An empty repository has no commit to index: no git process for it.
        const created = event.data as RepositoryCreated['data'];
        if (created.initialCommit === null && created.fork === null) return;
        return indexer.reindex(repository);
      }
      if (event.type === 'RepositoryEdited') {
        const { changes } = event.data as RepositoryEdited['data'];
        if (changes.defaultBranch !== undefined) return indexer.reindex(repository);
        if (changes.private === undefined) return;
        // Its forks of the other visibility were detached (the repositories projection: made
        // private, its public forks; made public, its private ones): their commits are no
        // fork's now, found without fork:true.
        for (const detached of await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).find({ detached_from_id: repository.id }))
          await indexer.restamp(detached);
      }
      return indexer.restamp(repository);
    },
  };
}

class CommitIndexer {
  private readonly index: string;

  constructor(
    private readonly target: ProjectionTarget,
    private readonly dependencies: ProjectionDependencies,
    private readonly event: StoredEvent,
  ) {
    this.index = target.searchIndexName(SEARCH_INDEXES.commits);
  }

  private get git(): GitStorage {
    return this.dependencies.git();
  }

  async moved(repository: RepositoryDocument, move: RefMoved['data']): Promise<void> {
    if (move.ref !== defaultRef(repository)) return;
    if (move.to === null) return this.removeAll(repository.id);
    if (!(await this.dependencies.ensureRepositoryGit(repository.id))) return;
    if (move.pushed && !(await this.arrived(repository.id, move.to))) return;
    try {
      await this.add(repository, [move.to], move.from === null ? [] : [move.from]);
      if (move.from !== null) {
        const gone = await this.git.revList(repository.id, [move.from], [move.to]);
        if (gone.length > 0)
          await this.target.search.delete(
            this.index,
            gone.map((sha) => commitDocumentId(repository.id, sha)),
          );
      }
    } catch {
      // An end git cannot walk (an object gone): what the branch holds now, from scratch.
      await this.reindex(repository);
    }
  }

  // Every commit the default branch reaches now; then whatever this did not write goes.
  async reindex(repository: RepositoryDocument): Promise<void> {
    if (!(await this.dependencies.ensureRepositoryGit(repository.id))) return this.removeAll(repository.id);
    const tip = await this.git.readRef(repository.id, defaultRef(repository));
    if (tip !== null) {
      try {
        await this.add(repository, [tip], []);
      } catch {
        return; // git cannot walk its own branch: left as it was rather than emptied
      }
    }
    await this.removeWhere({ and: [this.ofRepository(repository.id), { not: { field: 'generation', op: '=', value: this.event.position } }] });
  }

  // Visibility and owner follow the repository: only documents that disagree are rewritten,
  // a page at a time, until none is left.
  async restamp(repository: RepositoryDocument): Promise<void> {
    const bound = boundOf(repository);
    const stale: SearchFilter = {
      and: [
        this.ofRepository(repository.id),
        {
          not: {
            and: [
              { field: 'public', op: '=', value: bound.public },
              { field: 'owner_id', op: '=', value: bound.owner_id },
              { field: 'fork', op: '=', value: bound.fork },
            ],
          },
        },
      ],
    };
    for (;;) {
      const { hits } = await this.target.search.search<CommitSearchDocument>(this.index, { q: '', filter: stale, limit: PAGE });
      if (hits.length === 0) return;
      await this.target.search.upsert(
        this.index,
        hits.map((hit) => ({ ...hit.document, ...bound })),
      );
    }
  }

  removeAll(repositoryId: number): Promise<void> {
    return this.removeWhere(this.ofRepository(repositoryId));
  }

  private ofRepository(repositoryId: number): SearchFilter {
    return { field: 'repository_id', op: '=', value: repositoryId };
  }

  private async removeWhere(filter: SearchFilter): Promise<void> {
    for (;;) {
      const { hits } = await this.target.search.search<CommitSearchDocument>(this.index, { q: '', filter, limit: PAGE });
      if (hits.length === 0) return;
      await this.target.search.delete(
        this.index,
        hits.map((hit) => hit.document.id),
      );
    }
  }

  private async add(repository: RepositoryDocument, include: readonly string[], exclude: readonly string[]): Promise<void> {
    const bound = boundOf(repository);
    for await (const batch of this.git.walkCommits(repository.id, include, exclude, BATCH)) {
      const accountIdByEmail = await this.accountsByEmail(batch);
      await this.target.search.upsert(
        this.index,
        batch.map((commit) => commitDocument(commit, { repository: bound, accountIdByEmail, generation: this.event.position })),
      );
    }
  }

  // The users whose email a commit of the batch carries (lower-cased: emails match in any case),
  // and those whose no-reply address it carries (forgelog writes one for an account that shows
  // no email: commitEmail.ts), by the id the address starts with.
  private async accountsByEmail(batch: readonly CommitRecord[]): Promise<Map<string, number>> {
    const emails = new Set(batch.flatMap((commit) => [commit.author.email, commit.committer.email]).flatMap((email) => [email, email.toLowerCase()]));
    emails.delete('');
    if (emails.size === 0) return new Map();
    const users = this.target.collection<UserDocument>(USERS_COLLECTION);
    const byEmail = await users.find({ email: { $in: [...emails] }, type: 'User' });
    const found = new Map(byEmail.flatMap((user) => (user.email === null ? [] : [[user.email.toLowerCase(), user.id] as const])));
    const noReply = new Map<string, number>();
    for (const email of emails) {
      const id = noReplyAccountId(email);
      if (id !== null) noReply.set(email.toLowerCase(), id);
    }
    if (noReply.size === 0) return found;
    const existing = new Set((await users.find({ id: { $in: [...new Set(noReply.values())] }, type: 'User' })).map((user) => user.id));
    for (const [email, id] of noReply) if (existing.has(id) && !found.has(email)) found.set(email, id);
    return found;
  }

  // Whether a pushed commit is in the repository yet (out of quarantine).
  private async arrived(repositoryId: number, sha: string): Promise<boolean> {
    return (await untilPushArrived(this.event, () => this.git.readObject(repositoryId, sha))) !== null;
  }
}
