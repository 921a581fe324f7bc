import { expect } from 'chai';
import { ORGANIZATIONS_COLLECTION, ORG_MEMBERSHIPS_COLLECTION } from '../../../application/accounts/organizations.readModel.js';
import { REPOSITORIES_COLLECTION, REPOSITORY_COLLABORATORS_COLLECTION } from '../../../application/repositories/repositories.readModel.js';
import { SearchVisibility } from '../../../application/search/searchVisibility.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { organizationsProjection } from '../../../projections/accounts/organizations.projection.js';
import { repositoriesProjection } from '../../../projections/repositories/repositories.projection.js';
import { BIG, examinedBy } from '../pageCostStore.js';

const CALLER = 7;
const SOURCE_OWNER = 2; // a user owning a private source the caller collaborates on
const SOURCE = 50_001;
const FORK = 50_002; // someone else's private fork of it, which the caller reads through it
const MANY_ORGS = 300; // organizations granting the caller read, more than one look-up's 256 keys

// Search's visibility filter names the private forks the caller reads through their sources:
// found by index from the caller's collaborations and organizations, never by testing every
// repository (3,000 unrelated ones here, half of them forks).
describe('search visibility: the private forks read through their sources are looked up, not scanned for', function () {
  let store: EmbeddedReadModelStore;

  before(async function () {
    this.timeout(60_000);
    store = new EmbeddedReadModelStore();
    for (const projection of [repositoriesProjection, organizationsProjection])
      for (const collection of projection.collections)
        if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
    const repository = (id: number, owner: number, source: number | null, upstream: number | null) => ({
      _id: String(id),
      id,
      owner_id: owner,
      owner_type: 'User',
      name: `r${id}`,
      name_key: `r${id}`,
      private: true,
      fork: source !== null,
      parent_id: source,
      source_id: source,
      upstream_owner_id: upstream,
      upstream_owner_type: upstream === null ? null : 'User',
      archived: false,
    });
    const repositories = store.collection(REPOSITORIES_COLLECTION);
    // 3,000 private repositories of others, every other one a private fork of the one before.
    for (let n = 1; n <= BIG; n++) await repositories.insertOne(repository(n, 100 + n, n % 2 === 0 ? n - 1 : null, n % 2 === 0 ? 100 + n - 1 : null));
    await repositories.insertOne(repository(SOURCE, SOURCE_OWNER, null, null));
    await repositories.insertOne(repository(FORK, 3, SOURCE, SOURCE_OWNER));
    await store
      .collection(REPOSITORY_COLLABORATORS_COLLECTION)
      .insertOne({ _id: `${SOURCE}:${CALLER}`, repository_id: SOURCE, user_id: CALLER, permission: 'pull', owner_id: SOURCE_OWNER, org_role: 'none' });
    for (let n = 0; n < MANY_ORGS; n++) {
      const org = 20_000 + n;
      await store
        .collection(ORGANIZATIONS_COLLECTION)
        .insertOne({ _id: String(org), id: org, login: `o${n}`, login_key: `o${n}`, default_repository_permission: 'read' });
      await store.collection(ORG_MEMBERSHIPS_COLLECTION).insertOne({ _id: `${org}:${CALLER}`, org_id: org, user_id: CALLER, role: 'member', state: 'active' });
    }
  });

  it("a collaborator on a source, member of 300 organizations: its fork found by the source and the organizations' upstream index", async function () {
    const visibility = new SearchVisibility(store, new RepositoryAccessQuery(store));
    const { tested, answer } = await examinedBy(store, REPOSITORIES_COLLECTION, () => visibility.filterFor({ userId: CALLER, siteAdmin: false }));
    expect(JSON.stringify(answer)).to.include(`"values":[${SOURCE},${FORK}]`);
    expect(tested).to.be.at.most(5);
  });
});
