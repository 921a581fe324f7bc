import { expect } from 'chai';
import { seededRandom } from '../../support/seededRandom.js';
import { atLeast } from '../../../domain/shared/access.js';
import { isRight } from 'fp-ts/lib/Either.js';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { ORGANIZATIONS_COLLECTION, ORG_MEMBERSHIPS_COLLECTION } from '../../../application/accounts/organizations.readModel.js';
import { USERS_COLLECTION } from '../../../application/accounts/users.readModel.js';
import { AuthorizedRepository } from '../../../application/repositories/authorizedRepository.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  type RepositoryDocument,
} from '../../../application/repositories/repositories.readModel.js';
import { RepositoryCollaborators, type CollaboratorAffiliation } from '../../../application/repositories/repositoryCollaborators.query.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { organizationsProjection } from '../../../projections/accounts/organizations.projection.js';
import { repositoriesProjection } from '../../../projections/repositories/repositories.projection.js';

const USERS = Array.from({ length: 40 }, (_, n) => n + 1);

describe('RepositoryCollaborators: pages merged from the indexes answer as the whole list decided one by one', function () {
  const random = seededRandom(31);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  it('every affiliation and page, for user- and organization-owned repositories, members with and without a base permission', async function () {
    const store = new EmbeddedReadModelStore();
    for (const projection of [repositoriesProjection, organizationsProjection])
      for (const collection of projection.collections)
        if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
    for (const id of USERS) await store.collection(USERS_COLLECTION).insertOne({ _id: String(id), id, login: `u${id}`, login_key: `u${id}`, type: 'User' });
    // Each collaboration carries the collaborator's role in the owning organization, as the
    // repositories projection keeps it.
    const roles = new Map<string, string>();
    for (const [id, base] of [
      [101, 'none'],
      [102, 'read'],
    ] as const) {
      await store.collection(USERS_COLLECTION).insertOne({ _id: String(id), id, login: `o${id}`, login_key: `o${id}`, type: 'Organization' });
      await store.collection(ORGANIZATIONS_COLLECTION).insertOne({ _id: String(id), id, login_key: `o${id}`, default_repository_permission: base });
      for (const userId of USERS)
        if (random() < 0.5) {
          const role = random() < 0.2 ? 'admin' : 'member';
          roles.set(`${id}:${userId}`, role);
          await store.collection(ORG_MEMBERSHIPS_COLLECTION).insertOne({ _id: `${id}:${userId}`, org_id: id, user_id: userId, role, state: 'active' });
        }
    }
    const repositories: RepositoryDocument[] = [];
    for (const [id, ownerId] of [
      [201, 5],
      [202, 101],
      [203, 102],
    ] as const) {
      const repository = { _id: String(id), id, owner_id: ownerId, owner_type: ownerId > 100 ? 'Organization' : 'User', private: true, archived: false };
      repositories.push(repository as unknown as RepositoryDocument);
      await store.collection(REPOSITORIES_COLLECTION).insertOne(repository);
      for (const userId of USERS)
        if (userId !== ownerId && random() < 0.35)
          await store.collection(REPOSITORY_COLLABORATORS_COLLECTION).insertOne({
            _id: `${id}:${userId}`,
            repository_id: id,
            user_id: userId,
            permission: pick(['pull', 'push', 'admin']),
            owner_id: ownerId,
            org_role: roles.get(`${ownerId}:${userId}`) ?? 'none',
          });
    }
    const queries = new RepositoryQueries(store);
    const access = new RepositoryAccessQuery(store);
    const lists = new RepositoryCollaborators(store, queries, access, new AuthorizedRepository(queries, access), new OrganizationQueries(store));
    const admin = { userId: 999, siteAdmin: true };
    for (const repository of repositories)
      for (const affiliation of ['outside', 'direct', 'all'] as CollaboratorAffiliation[]) {
        // The list as it was built before: every candidate, each decided.
        const memberIds = new Set(
          (await store.collection(ORG_MEMBERSHIPS_COLLECTION).find({ org_id: repository.owner_id })).map((membership) => membership.user_id as number),
        );
        const direct = (await queries.collaboratorsOf(repository.id)).map((collaborator) => collaborator.user_id);
        const candidates =
          affiliation === 'outside'
            ? direct.filter((id) => !memberIds.has(id))
            : [...(repository.owner_type === 'User' ? [repository.owner_id] : []), ...direct, ...(affiliation === 'all' ? memberIds : [])];
        const whole: { id: number; role: string }[] = [];
        for (const id of [...new Set(candidates)].sort((a, b) => a - b)) {
          const role = await access.grantedRoleFor({ userId: id, siteAdmin: false }, repository);
          if (role !== 'none') whole.push({ id, role });
        }
        expect(whole.length, `${repository.id} ${affiliation}`).to.be.greaterThan(2);
        for (const perPage of [1, 3, 7, 100])
          for (let page = 1; page <= Math.ceil(whole.length / perPage) + 1; page++) {
            const listed = await lists.list(admin, repository.id, affiliation, { page, perPage });
            expect(isRight(listed)).to.equal(true);
            const answer = isRight(listed) ? listed.right : { items: [], totalCount: -1 };
            expect(
              { items: answer.items.map(({ user, role }) => ({ id: user.id, role })), totalCount: answer.totalCount },
              `${repository.id} ${affiliation} page ${page} of ${perPage}`,
            ).to.deep.equal({ items: whole.slice((page - 1) * perPage, page * perPage), totalCount: whole.length });
          }
      }
    // Assignees: everyone who may push, each once (a pushing collaborator who is also a member
    // with write access counted once), as the whole list decided one by one.
    for (const repository of repositories) {
      const memberIds = (await store.collection(ORG_MEMBERSHIPS_COLLECTION).find({ org_id: repository.owner_id })).map((m) => m.user_id as number);
      const direct = (await queries.collaboratorsOf(repository.id)).map((collaborator) => collaborator.user_id);
      const candidates = [...new Set([...(repository.owner_type === 'User' ? [repository.owner_id] : []), ...direct, ...memberIds])].sort((a, b) => a - b);
      const pushers: number[] = [];
      for (const id of candidates) if (atLeast(await access.grantedRoleFor({ userId: id, siteAdmin: false }, repository), 'write')) pushers.push(id);
      expect(pushers.length, `${repository.id} assignees`).to.be.greaterThan(2);
      for (const perPage of [1, 3, 100])
        for (let page = 1; page <= Math.ceil(pushers.length / perPage) + 1; page++) {
          const answer = await lists.assignable(repository, { page, perPage });
          expect(
            { ids: answer.items.map((user) => user.id), totalCount: answer.totalCount },
            `${repository.id} assignees page ${page} of ${perPage}`,
          ).to.deep.equal({ ids: pushers.slice((page - 1) * perPage, page * perPage), totalCount: pushers.length });
        }
    }
  });
});
