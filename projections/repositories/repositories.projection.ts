import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_REDIRECTS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
  REPOSITORY_INVITATIONS_COLLECTION,
  type RepositoryDocument,
  type RepositoryStarDocument,
} from '../../application/repositories/repositories.readModel.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { IndexSpec } from '../../application/shared/ports/readModelStore.port.js';
import type { UserDeleted, UserRenamed } from '../../domain/accounts/user.events.js';
import { pushCollaborationKeys, renameOwnerInCollaborationKeys } from './collaborationListKeys.apply.js';
import { DELETED_COPIES_COLLECTIONS } from '../../application/shared/deletedCopies.js';
import { deletedCopiesCollection } from '../shared/deletedCopies.js';
import { REF_EVENT_TYPES, type RefMoved } from '../../domain/gitdata/refMoved.js';
import { applyRepositoryEvent, REPOSITORY_EVENT_TYPES } from './repositoryDocuments.apply.js';
import { applyMembershipToCollaborations, MEMBERSHIP_EVENT_TYPES } from './collaboratorOrgRoles.apply.js';
import { applyInterestEvent, INTEREST_EVENT_TYPES, removeInterestOfDeletedUser } from './repositoryInterest.apply.js';

const byRepository = { name: 'repository_id', keys: { repository_id: 1 } } as const;
const byUser = { name: 'user_id', keys: { user_id: 1 } } as const;
// The fields a collaboration keeps of its repository for each order of the lists.
const COLLABORATION_SORT_FIELDS = ['repository_created_at', 'repository_updated_at', 'repository_pushed_at', 'full_name_key'] as const;

// One projection for the repositories' collections: the counters on a repository (forks,
// stars, subscribers) move by increments that ride on guarded writes of what they count
// (repositoryCounters.ts), so applying an event twice changes nothing.
export const repositoriesProjection: Projection = {
  name: 'repositories',
  // 2: pending repository invitations; 3: copies of deleted repositories; 4: pushed_at follows pushes;
  // 5: stars carry their repository's visibility; 6: no collaboration of a deleted user or of
  // the repository's own owner (a transfer to a collaborator); 7: no star or subscription of a
  // deleted user; 8: subscriptions carry their repository's visibility; 9: collaborations
  // carry their repository's owner and the collaborator's role in it; 10: private forks counted
  // apart (private_forks_count), as a public repository shows only its public forks; 11: stars
  // carry their repository's owner and forks their parent's (a member leaving an organization);
  // 12: subscriptions carry their repository's owner (a member leaving an organization);
  // 13: private forks of a private network carry their source's owner (upstream_owner_id/type),
  // whose readers read them; 14: a repository made private detaches its public forks
  // (detached_from_id); 15: and a repository made public its private forks, which name no
  // upstream owner then, the forks below them naming theirs; 16: stars carry their repository's
  // pushed_at (a user's stars sorted by when their repositories were last pushed to); 17: a
  // user's private stars and subscriptions counted per owner (user_private_owner_starred,
  // user_subscribed_private_owner_created); 18: collaborations carry their repository's visibility
  // and sort keys (a user's collaborations page from an index)
  version: 18,
  collections: [
    {
      name: REPOSITORIES_COLLECTION,
      indexes: [
        { name: 'id', keys: { id: 1 }, unique: true },
        { name: 'owner_name', keys: { owner_id: 1, name_key: 1 } },
        { name: 'parent_id', keys: { parent_id: 1 } },
        // An owner's fork of a repository (forking again, a pull request's head): one look-up.
        { name: 'parent_owner', keys: { parent_id: 1, owner_id: 1 } },
        { name: 'source_owner', keys: { source_id: 1, owner_id: 1 } },
        // A network's forks, when its source changes visibility or owner (a two-field index is
        // a hash index: source_owner serves only both fields pinned).
        { name: 'source_id', keys: { source_id: 1 } },
        // The forks a change of visibility detached (the search and activity projections).
        { name: 'detached_from_id', keys: { detached_from_id: 1 } },
        // A user's private forks of an organization's repositories, when they leave it.
        { name: 'owner_parent_owner_private', keys: { owner_id: 1, parent_owner_id: 1, private: 1 } },
        // The private forks an account reads through their sources' owners (search's reach).
        { name: 'upstream_owner_private', keys: { upstream_owner_id: 1, private: 1 } },
        // The private forks a collaborator on their source reads through it (search's reach).
        { name: 'source_private', keys: { source_id: 1, private: 1 } },
        // The lists' pages (repositoryLists.query.ts): one owner's repositories by visibility and
        // fork, in each order the API sorts them by; a repository's forks by visibility. Built
        // from the documents at start, so adding them needs no rebuild.
        ...['created_at', 'updated_at', 'pushed_at', 'name_key'].map((field): IndexSpec => ({
          name: `owner_${field}`,
          keys: { owner_id: 1, private: 1, fork: 1, [field]: 1, id: 1 },
        })),
        // An owner's private forks a caller reads through their sources' owner (itself, an
        // organization granting it read), in each order: a stranger's list never walks them.
        ...['created_at', 'updated_at', 'pushed_at', 'name_key'].map((field): IndexSpec => ({
          name: `owner_upstream_${field}`,
          keys: { owner_id: 1, private: 1, fork: 1, upstream_owner_id: 1, [field]: 1, id: 1 },
        })),
        ...['created_at', 'stargazers_count'].map((field): IndexSpec => ({ name: `forks_${field}`, keys: { parent_id: 1, private: 1, [field]: 1, id: 1 } })),
        // A private repository's private forks its network's readers read (through its source).
        ...['created_at', 'stargazers_count'].map((field): IndexSpec => ({
          name: `forks_upstream_${field}`,
          keys: { parent_id: 1, private: 1, upstream_owner_id: 1, [field]: 1, id: 1 },
        })),
      ],
    },
    { name: REPOSITORY_REDIRECTS_COLLECTION, indexes: [byRepository] },
    deletedCopiesCollection(DELETED_COPIES_COLLECTIONS.repository),
    {
      name: REPOSITORY_COLLABORATORS_COLLECTION,
      indexes: [
        byRepository,
        byUser,
        // GET .../collaborators: a repository's collaborators in user order, page and count.
        { name: 'repository_user_permission', keys: { repository_id: 1, user_id: 1, permission: 1 } },
        // Outside collaborators (org_role 'none') in user order, and the count of each role.
        { name: 'repository_org_role_user', keys: { repository_id: 1, org_role: 1, user_id: 1, permission: 1 } },
        // The pushing collaborators who are also members (assignees), counted per permission.
        { name: 'repository_permission_org_role', keys: { repository_id: 1, permission: 1, org_role: 1, user_id: 1, _id: 1 } },
        // A user's collaborations on an organization's repositories, when their membership changes.
        { name: 'user_owner', keys: { user_id: 1, owner_id: 1 } },
        // The collaborations on an owner's repositories, when its login changes (their full names).
        { name: 'owner_id', keys: { owner_id: 1 } },
        // GET /users/{username}/repos?type=member: a user's collaborations by visibility, in each
        // order the API sorts them by, page and count; the private ones counted per owner whose
        // private repositories the caller reads whole, the others walked between them.
        ...COLLABORATION_SORT_FIELDS.map((field): IndexSpec => ({
          name: `user_visibility_${field}`,
          keys: { user_id: 1, private: 1, [field]: 1, repository_id: 1 },
        })),
        // (The repository's created_at, which never moves, only makes the owner a counted level.)
        { name: 'user_private_owner_created', keys: { user_id: 1, private: 1, owner_id: 1, repository_created_at: 1, repository_id: 1 } },
      ],
    },
    {
      name: REPOSITORY_STARS_COLLECTION,
      indexes: [
        byRepository,
        byUser,
        { name: 'repository_starred', keys: { repository_id: 1, starred_at: 1, user_id: 1 } },
        { name: 'user_visibility_starred', keys: { user_id: 1, private: 1, starred_at: 1, repository_id: 1 } },
        // GET /user/starred?sort=updated: by the repositories' pushed_at, page and count.
        { name: 'user_visibility_pushed', keys: { user_id: 1, private: 1, pushed_at: 1, repository_id: 1 } },
        // A user's private stars of an organization's repositories, when they leave it.
        { name: 'user_private_owner', keys: { user_id: 1, private: 1, owner_id: 1 } },
        // GET /user/starred: a user's private stars counted per owner whose private repositories
        // the caller reads whole, the other owners' walked between them (repositoryLists.query.ts).
        { name: 'user_private_owner_starred', keys: { user_id: 1, private: 1, owner_id: 1, starred_at: 1, repository_id: 1 } },
      ],
    },
    {
      name: REPOSITORY_SUBSCRIPTIONS_COLLECTION,
      indexes: [
        byRepository,
        byUser,
        { name: 'repository_subscribed', keys: { repository_id: 1, created_at: 1, user_id: 1 } },
        // GET .../subscribers: the subscribed ones (not those ignoring), page and count.
        { name: 'repository_subscribed_created', keys: { repository_id: 1, subscribed: 1, created_at: 1, user_id: 1 } },
        // GET /user/subscriptions: a user's public ones, page and count; the private ones decided.
        { name: 'user_subscribed_visibility_created', keys: { user_id: 1, subscribed: 1, private: 1, created_at: 1, repository_id: 1 } },
        // A user's private subscriptions of an organization's repositories, when they leave it.
        { name: 'user_private_owner', keys: { user_id: 1, private: 1, owner_id: 1 } },
        // GET /user/subscriptions: the private ones counted per owner, as stars are.
        {
          name: 'user_subscribed_private_owner_created',
          keys: { user_id: 1, subscribed: 1, private: 1, owner_id: 1, created_at: 1, repository_id: 1 },
        },
      ],
    },
    {
      name: REPOSITORY_INVITATIONS_COLLECTION,
      indexes: [
        byRepository,
        { name: 'invitee_id', keys: { invitee_id: 1 } },
        // A repository's pending invitations and a user's, by id: page and count from the index.
        { name: 'repository_id_invitee', keys: { repository_id: 1, id: 1, invitee_id: 1 } },
        { name: 'invitee_id_repository', keys: { invitee_id: 1, id: 1, repository_id: 1 } },
      ],
    },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: new Set([...REPOSITORY_EVENT_TYPES, ...INTEREST_EVENT_TYPES, ...REF_EVENT_TYPES, ...MEMBERSHIP_EVENT_TYPES, 'UserDeleted', 'UserRenamed']),
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    // A deleted user collaborates on nothing (lists count collaborations as people), and stars
    // and watches nothing (the counts and lists of stargazers and subscribers hold people).
    if (event.type === 'UserDeleted') {
      const { userId } = event.data as UserDeleted['data'];
      await target.collection(REPOSITORY_COLLABORATORS_COLLECTION).deleteMany({ user_id: userId });
      return removeInterestOfDeletedUser(userId, target);
    }
    if (event.type === 'UserRenamed') return renameOwnerInCollaborationKeys(target, event.data as UserRenamed['data']);
    if (REPOSITORY_EVENT_TYPES.has(event.type)) return applyRepositoryEvent(event, target);
    if (INTEREST_EVENT_TYPES.has(event.type)) return applyInterestEvent(event, target);
    if (REF_EVENT_TYPES.has(event.type)) return applyPushTime(event, target);
    if (MEMBERSHIP_EVENT_TYPES.has(event.type)) return applyMembershipToCollaborations(event, target);
  },
};

// GitHub's pushed_at: when a ref last moved to a commit (a push, a merge, an API update).
// The repository's stars and collaborations carry it (a user's stars and collaborations sorted
// by it page from an index): a push costs them, as a change of visibility does.
async function applyPushTime(event: StoredEvent, target: ProjectionTarget): Promise<void> {
  const data = event.data as RefMoved['data'];
  if (data.to === null) return;
  const newer = { pushed_at: { $lt: event.metadata.occurredAt } };
  const pushedAt = { $set: { pushed_at: event.metadata.occurredAt } };
  await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).updateOne({ _id: String(data.repositoryId), ...newer }, pushedAt);
  await target.collection<RepositoryStarDocument>(REPOSITORY_STARS_COLLECTION).updateMany({ repository_id: data.repositoryId, ...newer }, pushedAt);
  await pushCollaborationKeys(target, data.repositoryId, event.metadata.occurredAt);
}
