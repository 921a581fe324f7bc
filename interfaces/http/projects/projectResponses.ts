import type { Response } from 'express';
import type { ProjectCardDocument, ProjectDocument } from '../../../application/projects/projects.readModel.js';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import type { ProjectRole } from '../../../domain/projects/projectAccess.js';
import { urlsOf } from '../shared/apiUrls.js';
import { accessCallerOf } from '../repositories/repositoryScope.js';
import type { ProjectsDeps } from './projects.deps.js';
import { cardJson, projectJson, projectOwnerPaths } from './projects.encoders.js';

interface RepositoryNaming {
  readonly fullName: string;
  readonly repository: RepositoryDocument;
}

// owner/name (and the document) of each repository, looked up once for a whole page.
async function namings(deps: ProjectsDeps, repositoryIds: readonly number[]): Promise<Map<number, RepositoryNaming>> {
  const repositories = await deps.repositories.byIds([...new Set(repositoryIds)]);
  const owners = await deps.repositories.accountsByIds(repositories.map((repository) => repository.owner_id));
  const names = new Map<number, RepositoryNaming>();
  for (const repository of repositories) {
    const owner = owners.get(repository.owner_id);
    if (owner) names.set(repository.id, { fullName: `${owner.login}/${repository.name}`, repository });
  }
  return names;
}

export async function projectsJson(res: Response, deps: ProjectsDeps, projects: readonly { project: ProjectDocument; role: ProjectRole }[]) {
  const ofRepositories = projects.filter(({ project }) => project.owner_kind === 'repository').map(({ project }) => project.owner_id);
  const repositories = await namings(deps, ofRepositories);
  const accounts = await deps.repositories.accountsByIds(projects.flatMap(({ project }) => [project.creator_id, project.owner_id]));
  const ownerPaths = (project: ProjectDocument) =>
    projectOwnerPaths(project, repositories.get(project.owner_id)?.fullName, accounts.get(project.owner_id)?.login);
  const urls = urlsOf(res);
  return projects.map(({ project, role }) => {
    // A repository project is seen by whoever sees its repository: private when that is.
    const repository = project.owner_kind === 'repository' ? repositories.get(project.owner_id) : undefined;
    const shown = repository ? { ...project, private: repository.repository.private } : project;
    return projectJson(shown, accounts.get(project.creator_id), ownerPaths(project), role, urls);
  });
}

export async function cardsJson(res: Response, deps: ProjectsDeps, cards: readonly ProjectCardDocument[]) {
  const creators = await deps.repositories.accountsByIds(cards.map((card) => card.creator_id));
  const repositories = await namings(
    deps,
    cards.flatMap((card) => (card.content ? [card.content.repositoryId] : [])),
  );
  // A board the caller may read can hold an issue of a repository they may not: such a card is
  // redacted, as on GitHub, with no content_url naming the repository.
  const caller = accessCallerOf(res);
  const readable = new Set<number>();
  for (const [id, { repository }] of repositories) if ((await deps.repositoryAccess.roleFor(caller, repository)) !== 'none') readable.add(id);
  const urls = urlsOf(res);
  return cards.map((card) => {
    const fullName = card.content && readable.has(card.content.repositoryId) ? repositories.get(card.content.repositoryId)?.fullName : undefined;
    const contentPath = card.content && fullName ? `/repos/${fullName}/issues/${card.content.number}` : null;
    return cardJson(card, creators.get(card.creator_id), contentPath, urls);
  });
}
