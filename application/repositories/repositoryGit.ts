import { inject, injectable } from 'inversify';
import { repositoryStream } from '../../domain/repositories/repository.decider.js';
import type { RepositoryCreated, RepositoryEdited } from '../../domain/repositories/repository.events.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

// The git directory of a repository follows its events: the event is appended first (it is
// the fact), then the directory is built from what the event records. Building is
// idempotent and deterministic (author, committer and dates come from the event), so if the
// process stops between the two, ensure() builds the same directory on the next git access.
@injectable()
export class RepositoryGit {
  constructor(
    @inject(TOKENS.GitStorage) private readonly git: GitStorage,
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
  ) {}

  // Builds under way in this process, by repository: the request that recorded a repository
  // and the repository-directories process look at once, and the second joins the first's
  // build rather than making its own (a fork's is a whole clone) only to find the place taken.
  private readonly building = new Map<number, Promise<void>>();

  async materialize(created: RepositoryCreated['data']): Promise<void> {
    const underWay = this.building.get(created.repositoryId);
    if (underWay) return underWay;
    const build = this.build(created).finally(() => this.building.delete(created.repositoryId));
    this.building.set(created.repositoryId, build);
    return build;
  }

  private async build(created: RepositoryCreated['data']): Promise<void> {
    const { repositoryId, defaultBranch } = created;
    if (await this.git.exists(repositoryId)) return;
    if (created.fork) {
      const { parentId, defaultBranchOnly } = created.fork;
      // A parent deleted before its fork was built leaves nothing to copy: the fork starts empty.
      if (await this.ensure(parentId)) {
        await this.git.fork(parentId, repositoryId, defaultBranchOnly ? { onlyBranch: defaultBranch } : {});
        return;
      }
      await this.git.createBare(repositoryId, { defaultBranch });
      return;
    }
    if (created.initialCommit) {
      await this.git.initWithReadme(repositoryId, { defaultBranch, ...created.initialCommit, date: new Date(created.createdAt) });
      return;
    }
    await this.git.createBare(repositoryId, { defaultBranch });
  }

  // Builds the directory if the repository exists and its directory does not; false for a
  // repository that was never created or was deleted.
  async ensure(repositoryId: number): Promise<boolean> {
    if (await this.git.exists(repositoryId)) return true;
    const history = await this.eventStore.readStream(repositoryStream(repositoryId));
    const created = history.find((event) => event.type === 'RepositoryCreated');
    if (!created || history.some((event) => event.type === 'RepositoryDeleted')) return false;
    const creation = created.data as RepositoryCreated['data'];
    await this.materialize(creation);
    const defaultBranch = history.reduce((branch, event) => {
      const changes = event.type === 'RepositoryEdited' ? (event.data as RepositoryEdited['data']).changes : {};
      return changes.defaultBranch ?? branch;
    }, creation.defaultBranch);
    if (defaultBranch !== creation.defaultBranch) await this.git.setHeadBranch(repositoryId, defaultBranch);
    return true;
  }

  async remove(repositoryId: number): Promise<void> {
    await this.git.delete(repositoryId);
  }

  async branchExists(repositoryId: number, branch: string): Promise<boolean> {
    await this.ensure(repositoryId);
    return (await this.git.readRef(repositoryId, `refs/heads/${branch}`)) !== null;
  }

  async isEmpty(repositoryId: number): Promise<boolean> {
    await this.ensure(repositoryId);
    return !(await this.git.hasRefs(repositoryId));
  }

  async setDefaultBranch(repositoryId: number, branch: string): Promise<void> {
    if (await this.ensure(repositoryId)) await this.git.setHeadBranch(repositoryId, branch);
  }
}
