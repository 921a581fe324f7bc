import type { UserCreated } from '../../domain/accounts/user.events.js';
import { loginKey } from '../../domain/accounts/login.js';
import { CREDENTIALS_COLLECTION, USERS_COLLECTION, type CredentialDocument, type UserDocument } from '../../application/accounts/users.readModel.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';

// Every write is a whole-document replace keyed by the account id: applying an event twice
// leaves the same documents.
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  collections: [
    {
      name: USERS_COLLECTION,
      indexes: [
        { name: 'login_key', keys: { login_key: 1 }, unique: true },
        { name: 'id', keys: { id: 1 }, unique: true },
      ],
    },
    { name: CREDENTIALS_COLLECTION, indexes: [{ name: 'login_key', keys: { login_key: 1 }, unique: true }] },
  ],
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    switch (event.type) {
      case 'UserCreated':
        return userCreated(event.data as UserCreated['data'], target);
    }
  },
};

async function userCreated(data: UserCreated['data'], target: ProjectionTarget): Promise<void> {
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
    company: null,
    blog: '',
    location: null,
    bio: null,
    hireable: null,
    twitter_username: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: data.createdAt,
    updated_at: data.createdAt,
  };
  await target.collection<UserDocument>(USERS_COLLECTION).replaceOne({ _id }, user, { upsert: true });
  const credential: CredentialDocument = { _id, user_id: data.userId, login_key: user.login_key, password_hash: data.passwordHash };
  await target.collection<CredentialDocument>(CREDENTIALS_COLLECTION).replaceOne({ _id }, credential, { upsert: true });
}
