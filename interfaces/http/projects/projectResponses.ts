import type { Response } from 'express';
import type { ProjectCardDocument, ProjectDocument } from '../../../application/projects/projects.readModel.js';
import type { ProjectRole } from '../../../domain/projects/projectAccess.js';
import { urlsOf } from '../shared/apiUrls.js';
import type { ProjectsDeps } from './projects.deps.js';
import { cardJson, projectJson, type ProjectOwnerPaths } from './projects.encoders.js';

async function ownerPaths(deps: ProjectsDeps, project: ProjectDocument): Promise<ProjectOwnerPaths> {
  if (project.owner_kind === 'repository') {
    const repository = await deps.repositories.byId(project.owner_id);
    const owner = repository && (await deps.repositories.accountsByIds([repository.owner_id])).get(repository.owner_id);
    const fullName = repository && owner ? `${owner.login}/${repository.name}` : `repositories/${project.owner_id}`;
    return { apiPath: `/repos/${fullName}`, htmlPath: `/${fullName}` };
  }
  const account = (await deps.repositories.accountsByIds([project.owner_id])).get(project.owner_id);
  const login = account?.login ?? String(project.owner_id);
  return project.owner_kind === 'organization'
    ? { apiPath: `/orgs/${login}`, htmlPath: `/orgs/${login}` }
    : { apiPath: `/users/${login}`, htmlPath: `/users/${login}` };
}

export async function projectsJson(res: Response, deps: ProjectsDeps, projects: readonly { project: ProjectDocument; role: ProjectRole }[]) {
  const creators = await deps.repositories.accountsByIds(projects.map(({ project }) => project.creator_id));
  const urls = urlsOf(res);
  const json = [];
  for (const { project, role } of projects) json.push(projectJson(project, creators.get(project.creator_id), await ownerPaths(deps, project), role, urls));
  return json;
}

export async function cardsJson(res: Response, deps: ProjectsDeps, cards: readonly ProjectCardDocument[]) {
  const creators = await deps.repositories.accountsByIds(cards.map((card) => card.creator_id));
  const urls = urlsOf(res);
  const json = [];
  for (const card of cards) {
    let contentPath: string | null = null;
    if (card.content) {
      const repository = await deps.repositories.byId(card.content.repositoryId);
      const owner = repository && (await deps.repositories.accountsByIds([repository.owner_id])).get(repository.owner_id);
      if (repository && owner) contentPath = `/repos/${owner.login}/${repository.name}/issues/${card.content.number}`;
    }
    json.push(cardJson(card, creators.get(card.creator_id), contentPath, urls));
  }
  return json;
}
