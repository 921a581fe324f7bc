import type { UserCreated, UserDeleted, UserEvent, UserRenamed } from '../../domain/accounts/user.events.js';
import { loginKey } from '../../domain/accounts/login.js';
import {
  ACCOUNT_REPOSITORIES_COLLECTION,
  CREDENTIALS_COLLECTION,
  FOLLOWS_COLLECTION,
  FORMER_LOGINS_COLLECTION,
  type FormerLoginDocument,
  ACTOR_LOGINS_COLLECTION,
  type ActorLoginDocument,
  USERS_COLLECTION,
  type CredentialDocument,
  type UserDocument,
} from '../../application/accounts/users.readModel.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Update } from '../../application/shared/ports/readModelStore.port.js';
import { followsOfDeletedUser, userFollowed, userUnfollowed } from './userFollows.apply.js';
import { applyOrganizationAccount } from './organizationAccounts.js';
import { ACCOUNT_REPOSITORY_EVENT_TYPES, applyAccountRepositoryEvent } from './accountRepositories.apply.js';

// Every write is a whole-document replace or a $set of absolute values keyed by the account
// id, and counters move by increments guarded by the write they follow (userFollows.apply.ts,
// accountRepositories.apply.ts): applying an event twice leaves the same documents. Organizations' account events go to organizationAccounts.ts; events this
// projection does not know pass through untouched.
export const usersProjection: Projection = {
  name: 'users',
  // 4: public_repos and owned_private_repos kept from repository events; 5: email_public;
  // 6: actor_logins
  version: 6,
  collections: [
    {
      name: USERS_COLLECTION,
      indexes: [
        { name: 'login_key', keys: { login_key: 1 }, unique: true },
        { name: 'id', keys: { id: 1 }, unique: true },
        // The commits index resolves a commit's emails to accounts.
        { name: 'email', keys: { email: 1 } },
        // GET /users?since=: the walk starts after `since` and stops at the page.
        { name: 'id_login_type', keys: { id: 1, login_key: 1, type: 1 } },
      ],
    },
    { name: CREDENTIALS_COLLECTION, indexes: [{ name: 'login_key', keys: { login_key: 1 }, unique: true }] },
    { name: FORMER_LOGINS_COLLECTION, indexes: [{ name: 'account_id', keys: { account_id: 1 } }] },
    { name: ACCOUNT_REPOSITORIES_COLLECTION, indexes: [] },
    // An actor's login at a position: the walk down from it stops at the first record.
    { name: ACTOR_LOGINS_COLLECTION, indexes: [{ name: 'user_position', keys: { user_id: 1, position: 1, login: 1 } }] },
    {
      name: FOLLOWS_COLLECTION,
      indexes: [
        { name: 'follower_id', keys: { follower_id: 1 } },
        { name: 'followee_id', keys: { followee_id: 1 } },
        // Followers and following lists, in the order followed: page and count from the index.
        { name: 'followee_position', keys: { followee_id: 1, position: 1, follower_id: 1 } },
        { name: 'follower_position', keys: { follower_id: 1, position: 1, followee_id: 1 } },
      ],
    },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: new Set([
    ...ACCOUNT_REPOSITORY_EVENT_TYPES,
    'UserCreated',
    'UserRenamed',
    'UserDeleted',
    'SiteAdminGranted',
    'SiteAdminRevoked',
    'UserSuspended',
    'UserUnsuspended',
    'UserProfileUpdated',
    'UserPasswordChanged',
    'TwoFactorEnabled',
    'TwoFactorDisabled',
    'UserFollowed',
    'UserUnfollowed',
    'OrganizationCreated',
    'OrganizationUpdated',
  ]),
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    if (ACCOUNT_REPOSITORY_EVENT_TYPES.has(event.type)) return applyAccountRepositoryEvent(event, target);
    switch (event.type) {
      case 'UserCreated':
        await actorLoginFrom(event, dataOf<'UserCreated'>(event), target);
        return userCreated(dataOf<'UserCreated'>(event), target);
      case 'UserRenamed':
        await actorLoginFrom(event, dataOf<'UserRenamed'>(event), target);
        return userRenamed(dataOf<'UserRenamed'>(event), target);
      case 'UserDeleted':
        await actorLoginFrom(event, dataOf<'UserDeleted'>(event), target);
        return userDeleted(dataOf<'UserDeleted'>(event), target);
      case 'SiteAdminGranted':
        return setUser(target, dataOf<'SiteAdminGranted'>(event).userId, { site_admin: true, updated_at: dataOf<'SiteAdminGranted'>(event).grantedAt });
      case 'SiteAdminRevoked':
        return setUser(target, dataOf<'SiteAdminRevoked'>(event).userId, { site_admin: false, updated_at: dataOf<'SiteAdminRevoked'>(event).revokedAt });
      case 'UserSuspended':
        return setUser(target, dataOf<'UserSuspended'>(event).userId, { suspended_at: dataOf<'UserSuspended'>(event).suspendedAt });
      case 'UserUnsuspended':
        return setUser(target, dataOf<'UserUnsuspended'>(event).userId, { suspended_at: null });
      case 'UserProfileUpdated': {
        const { userId, changes, updatedAt } = dataOf<'UserProfileUpdated'>(event);
        return setUser(target, userId, { ...changes, ...(changes.email !== undefined ? { email_public: changes.email !== null } : {}), updated_at: updatedAt });
      }
      case 'UserPasswordChanged':
        return setCredential(target, dataOf<'UserPasswordChanged'>(event).userId, { password_hash: dataOf<'UserPasswordChanged'>(event).passwordHash });
      case 'TwoFactorEnabled':
        return setCredential(target, dataOf<'TwoFactorEnabled'>(event).userId, { totp_secret: dataOf<'TwoFactorEnabled'>(event).totpSecret });
      case 'TwoFactorDisabled':
        return setCredential(target, dataOf<'TwoFactorDisabled'>(event).userId, { totp_secret: null });
      case 'UserFollowed':
        return userFollowed(dataOf<'UserFollowed'>(event), event.position, target);
      case 'UserUnfollowed':
        return userUnfollowed(dataOf<'UserUnfollowed'>(event), target);
      case 'OrganizationCreated':
        await loginNowLive((event.data as { login: string }).login, target);
        return applyOrganizationAccount(event, target);
      case 'OrganizationUpdated':
        return applyOrganizationAccount(event, target);
    }
  },
};

// The switch is on the stored type (a string), so other areas' events can get cases here too.
function dataOf<Type extends UserEvent['type']>(event: StoredEvent): Extract<UserEvent, { type: Type }>['data'] {
  return event.data as never;
}

// Kept past the user's deletion: their past actions still name them.
async function actorLoginFrom(event: StoredEvent, data: { readonly userId: number; readonly login: string }, target: ProjectionTarget): Promise<void> {
  const _id = `${data.userId}:${event.position}`;
  const record: ActorLoginDocument = { _id, user_id: data.userId, position: event.position, login: data.login };
  await target.collection<ActorLoginDocument>(ACTOR_LOGINS_COLLECTION).replaceOne({ _id }, record, { upsert: true });
}

const formerLogins = (target: ProjectionTarget) => target.collection<FormerLoginDocument>(FORMER_LOGINS_COLLECTION);

// An account now holds this login: it answers for it, not an account that held it before.
async function loginNowLive(login: string, target: ProjectionTarget): Promise<void> {
  await formerLogins(target).deleteOne({ _id: loginKey(login) });
}

async function userDeleted(data: UserDeleted['data'], target: ProjectionTarget): Promise<void> {
  await formerLogins(target).deleteMany({ account_id: data.userId });
  await followsOfDeletedUser(data, target);
  await target.collection(USERS_COLLECTION).deleteOne({ _id: String(data.userId) });
  await target.collection(CREDENTIALS_COLLECTION).deleteOne({ _id: String(data.userId) });
}

async function setUser(target: ProjectionTarget, userId: number, fields: Partial<UserDocument>): Promise<void> {
  await target.collection<UserDocument>(USERS_COLLECTION).updateOne({ _id: String(userId) }, { $set: fields } satisfies Update);
}

async function setCredential(target: ProjectionTarget, userId: number, fields: Partial<CredentialDocument>): Promise<void> {
  await target.collection<CredentialDocument>(CREDENTIALS_COLLECTION).updateOne({ _id: String(userId) }, { $set: fields });
}

async function userRenamed(data: UserRenamed['data'], target: ProjectionTarget): Promise<void> {
  const login_key = loginKey(data.login);
  const previousKey = loginKey(data.previousLogin);
  if (previousKey !== login_key) {
    const former: FormerLoginDocument = { _id: previousKey, login: data.previousLogin, account_id: data.userId, renamed_at: data.renamedAt };
    await formerLogins(target).replaceOne({ _id: previousKey }, former, { upsert: true });
  }
  await loginNowLive(data.login, target);
  await setUser(target, data.userId, { login: data.login, login_key, updated_at: data.renamedAt });
  await setCredential(target, data.userId, { login_key });
}

async function userCreated(data: UserCreated['data'], target: ProjectionTarget): Promise<void> {
  await loginNowLive(data.login, target);
  const _id = String(data.userId);
  const user: UserDocument = {
    _id,
    id: data.userId,
    login: data.login,
    login_key: loginKey(data.login),
    type: 'User',
    site_admin: data.siteAdmin,
    name: data.name,
    email: data.email,
    email_public: false,
    company: null,
    blog: '',
    location: null,
    bio: null,
    hireable: null,
    twitter_username: null,
    public_repos: 0,
    owned_private_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: data.createdAt,
    updated_at: data.createdAt,
    suspended_at: null,
  };
  await target.collection<UserDocument>(USERS_COLLECTION).replaceOne({ _id }, user, { upsert: true });
  const credential: CredentialDocument = { _id, user_id: data.userId, login_key: user.login_key, password_hash: data.passwordHash, totp_secret: null };
  await target.collection<CredentialDocument>(CREDENTIALS_COLLECTION).replaceOne({ _id }, credential, { upsert: true });
}
