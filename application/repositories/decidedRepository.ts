import type { ActiveRepository } from '../../domain/repositories/repository.state.js';
import { repositoryNameKey } from '../../domain/repositories/repositoryName.js';
import type { RepositoryDocument } from './repositories.readModel.js';

// The repository's document as a command's own decision left it: the read model, read after the
// command, may already show what a later request made (six renames at once: one answer named
// another's name), so what the aggregate's state decides (its name, owner, settings, archiving,
// topics) is taken from the state the command's events were folded into; the rest (counts,
// dates, the fork network) from the document.
export function asDecided(document: RepositoryDocument, decided: ActiveRepository): RepositoryDocument {
  const { settings } = decided;
  return {
    ...document,
    owner_id: decided.ownerId,
    owner_type: decided.ownerType,
    name: decided.name,
    name_key: repositoryNameKey(decided.name),
    description: settings.description,
    homepage: settings.homepage,
    private: settings.private,
    has_issues: settings.hasIssues,
    has_projects: settings.hasProjects,
    has_wiki: settings.hasWiki,
    delete_branch_on_merge: settings.deleteBranchOnMerge ?? false,
    default_branch: settings.defaultBranch,
    archived: decided.archived,
    topics: [...decided.topics],
  };
}
