import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { ProjectCardDocument, ProjectColumnDocument, ProjectDocument } from '../../../application/projects/projects.readModel.js';
import type { ProjectRole } from '../../../domain/projects/projectAccess.js';
import { legacyNodeId } from '../../../domain/shared/nodeId.js';
import { embeddedAccount } from '../accounts/users.encoders.js';
import { githubTime } from '../shared/githubTime.js';
import type { ApiUrls } from '../shared/apiUrls.js';

// Where a project lives, as its URLs name it: a repository's full name, or an account's login.
export interface ProjectOwnerPaths {
  readonly apiPath: string; // /repos/o/r, /orgs/login or /users/login
  readonly htmlPath: string; // /o/r, /orgs/login or /users/login
}

// A repository project by its repository's full name (its id when that is unknown), any
// other by its owner's login.
export function projectOwnerPaths(project: ProjectDocument, repositoryFullName: string | undefined, ownerLogin: string | undefined): ProjectOwnerPaths {
  if (project.owner_kind === 'repository') {
    const fullName = repositoryFullName ?? `repositories/${project.owner_id}`;
    return { apiPath: `/repos/${fullName}`, htmlPath: `/${fullName}` };
  }
  const login = ownerLogin ?? String(project.owner_id);
  const path = project.owner_kind === 'organization' ? `/orgs/${login}` : `/users/${login}`;
  return { apiPath: path, htmlPath: path };
}

// `cards_url` is a key of the project schema the contract names (GitHub's description 19.1.0),
// so it is carried; no route answers it, as on GitHub (a column's cards_url is the cards'
// address).
export function projectJson(project: ProjectDocument, creator: UserDocument | undefined, owner: ProjectOwnerPaths, role: ProjectRole, urls: ApiUrls) {
  const url = urls.api(`/projects/${project.id}`);
  return {
    owner_url: urls.api(owner.apiPath),
    url,
    html_url: urls.html(`${owner.htmlPath}/projects/${project.number}`),
    columns_url: `${url}/columns`,
    cards_url: `${url}/cards`,
    id: project.id,
    node_id: legacyNodeId('Project', project.id),
    name: project.name,
    body: project.body,
    number: project.number,
    state: project.state,
    creator: embeddedAccount(creator, urls),
    created_at: githubTime(project.created_at),
    updated_at: githubTime(project.updated_at),
    // "Only present if owner is an organization" (GitHub's project schema): a repository's or
    // a user's board has no organization members to give a baseline to. The key stays (every
    // key of the schema is answered), saying so: 'none', not a baseline nobody holds.
    organization_permission: project.owner_kind === 'organization' ? project.organization_permission : 'none',
    private: project.private,
    permissions: { read: role !== 'none', write: role === 'write' || role === 'admin', admin: role === 'admin' },
  };
}

export function columnJson(column: ProjectColumnDocument, urls: ApiUrls) {
  const url = urls.api(`/projects/columns/${column.id}`);
  return {
    url,
    project_url: urls.api(`/projects/${column.project_id}`),
    cards_url: `${url}/cards`,
    id: column.id,
    node_id: legacyNodeId('ProjectColumn', column.id),
    name: column.name,
    created_at: githubTime(column.created_at),
    updated_at: githubTime(column.updated_at),
  };
}

// `contentPath` is the API path of the card's issue (a pull request's issue), when it has one.
export function cardJson(card: ProjectCardDocument, creator: UserDocument | undefined, contentPath: string | null, urls: ApiUrls) {
  return {
    url: urls.api(`/projects/columns/cards/${card.id}`),
    id: card.id,
    node_id: legacyNodeId('ProjectCard', card.id),
    note: card.note,
    creator: embeddedAccount(creator, urls),
    created_at: githubTime(card.created_at),
    updated_at: githubTime(card.updated_at),
    archived: card.archived,
    column_url: urls.api(`/projects/columns/${card.column_id}`),
    ...(contentPath === null ? {} : { content_url: urls.api(contentPath) }),
    project_url: urls.api(`/projects/${card.project_id}`),
  };
}
