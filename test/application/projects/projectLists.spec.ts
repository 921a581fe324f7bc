import { expect } from 'chai';
import { seededRandom } from '../../support/seededRandom.js';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { ORGANIZATIONS_COLLECTION, ORG_MEMBERSHIPS_COLLECTION } from '../../../application/accounts/organizations.readModel.js';
import { USERS_COLLECTION } from '../../../application/accounts/users.readModel.js';
import { ProjectAccess } from '../../../application/projects/projectAccess.query.js';
import { ProjectLists } from '../../../application/projects/projectLists.query.js';
import { ProjectQueries } from '../../../application/projects/projectQueries.js';
import { PROJECT_COLLABORATORS_COLLECTION, PROJECTS_COLLECTION, type ProjectDocument } from '../../../application/projects/projects.readModel.js';
import { REPOSITORIES_COLLECTION, REPOSITORY_COLLABORATORS_COLLECTION } from '../../../application/repositories/repositories.readModel.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import type { AccessCaller } from '../../../application/shared/access/repositoryAccess.query.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import type { ProjectOwnerKind } from '../../../domain/projects/project.events.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { projectsProjection } from '../../../projections/projects/projects.projection.js';

const USERS = [1, 2, 3, 4, 5, 6];
const ORGS = [101, 102];
const REPOSITORIES = [201, 202, 203];

describe('ProjectLists: pages read from the ordered index answer as every project decided one by one', function () {
  const random = seededRandom(23);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  let store: EmbeddedReadModelStore;
  let projects: ProjectDocument[];

  before(async function () {
    store = new EmbeddedReadModelStore();
    for (const collection of projectsProjection.collections)
      if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
    for (const id of USERS) await store.collection(USERS_COLLECTION).insertOne({ _id: String(id), id, login: `u${id}`, login_key: `u${id}`, type: 'User' });
    for (const id of ORGS) {
      await store.collection(USERS_COLLECTION).insertOne({ _id: String(id), id, login: `o${id}`, login_key: `o${id}`, type: 'Organization' });
      await store.collection(ORGANIZATIONS_COLLECTION).insertOne({ _id: String(id), id, default_repository_permission: pick(['none', 'read']) });
      for (const userId of USERS)
        if (random() < 0.5)
          await store
            .collection(ORG_MEMBERSHIPS_COLLECTION)
            .insertOne({ _id: `${id}:${userId}`, org_id: id, user_id: userId, role: random() < 0.3 ? 'admin' : 'member', state: 'active' });
    }
    for (const id of REPOSITORIES) {
      const ownerId = pick([...USERS, ...ORGS]);
      await store.collection(REPOSITORIES_COLLECTION).insertOne({
        _id: String(id),
        id,
        owner_id: ownerId,
        owner_type: ORGS.includes(ownerId) ? 'Organization' : 'User',
        private: id !== 201,
        archived: false,
      });
      for (const userId of USERS)
        if (random() < 0.3)
          await store
            .collection(REPOSITORY_COLLABORATORS_COLLECTION)
            .insertOne({ _id: `${id}:${userId}`, repository_id: id, user_id: userId, permission: pick(['pull', 'push', 'admin']) });
    }
    projects = [];
    const numbers = new Map<string, number>();
    for (let id = 1; id <= 260; id++) {
      const kind = pick<ProjectOwnerKind>(['repository', 'organization', 'user']);
      const ownerId = kind === 'repository' ? pick(REPOSITORIES) : kind === 'organization' ? pick(ORGS) : pick(USERS);
      const number = (numbers.get(`${kind}:${ownerId}`) ?? 0) + 1;
      numbers.set(`${kind}:${ownerId}`, number);
      const project = {
        _id: String(id),
        id,
        owner_kind: kind,
        owner_id: ownerId,
        number,
        state: random() < 0.3 ? 'closed' : 'open',
        private: random() < 0.5,
        organization_permission: pick(['none', 'read', 'write', 'admin']),
      } as unknown as ProjectDocument;
      projects.push(project);
      await store.collection(PROJECTS_COLLECTION).insertOne(project);
      for (const userId of USERS)
        if (random() < 0.08)
          await store
            .collection(PROJECT_COLLABORATORS_COLLECTION)
            .insertOne({ _id: `${id}:${userId}`, project_id: id, user_id: userId, permission: pick(['read', 'write', 'admin']) });
    }
  });

  it('every owner, state, caller and page', async function () {
    const repositories = new RepositoryQueries(store);
    const repositoryAccess = new RepositoryAccessQuery(store);
    const organizations = new OrganizationQueries(store);
    const access = new ProjectAccess(new ProjectQueries(store), repositories, repositoryAccess, organizations);
    const lists = new ProjectLists(store, access);
    const callers: AccessCaller[] = [null, ...USERS.map((userId) => ({ userId, siteAdmin: false })), { userId: 6, siteAdmin: true }];
    let nonEmpty = 0;
    for (let n = 0; n < 500; n++) {
      const kind = pick<ProjectOwnerKind>(['repository', 'organization', 'user']);
      const owner = { kind, id: kind === 'repository' ? pick(REPOSITORIES) : kind === 'organization' ? pick(ORGS) : pick(USERS) };
      const [caller, state, page, perPage] = [pick(callers), pick(['open', 'closed', 'all'] as const), 1 + Math.floor(random() * 3), pick([1, 4, 10, 100])];
      const visible = [];
      for (const project of projects.filter((p) => p.owner_kind === owner.kind && p.owner_id === owner.id && (state === 'all' || p.state === state))) {
        const role = await access.roleOf(caller, project);
        if (role !== 'none') visible.push({ id: project.id, role });
      }
      visible.sort((a, b) => projects[a.id - 1]!.number - projects[b.id - 1]!.number);
      const expected = { items: visible.slice((page - 1) * perPage, page * perPage), totalCount: visible.length };
      const answer = await lists.ofOwner(caller, owner, state, { page, perPage });
      const actual = { items: answer.items.map(({ project, role }) => ({ id: project.id, role })), totalCount: answer.totalCount };
      expect(actual, JSON.stringify({ caller, owner, state, page, perPage })).to.deep.equal(expected);
      if (expected.items.length > 0) nonEmpty++;
    }
    expect(nonEmpty).to.be.greaterThan(200);
  });
});
