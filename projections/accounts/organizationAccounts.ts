import { loginKey } from '../../domain/accounts/login.js';
import type { OrganizationCreated, OrganizationProfile, OrganizationUpdated } from '../../domain/accounts/organization.events.js';
import { USERS_COLLECTION, type UserDocument } from '../../application/accounts/users.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';

// Organizations are accounts too: GET /users/{org} and GET /users list them with type
// 'Organization'. The users projection calls this for organization events, so the users
// collection keeps a single owner. GitHub shows an organization's description as its bio.
export async function applyOrganizationAccount(event: StoredEvent, target: ProjectionTarget): Promise<void> {
  switch (event.type) {
    case 'OrganizationCreated':
      return organizationAccountCreated(event.data as OrganizationCreated['data'], target);
    case 'OrganizationUpdated':
      return organizationAccountUpdated(event.data as OrganizationUpdated['data'], target);
  }
}

async function organizationAccountCreated(data: OrganizationCreated['data'], target: ProjectionTarget): Promise<void> {
  const _id = String(data.orgId);
  const { profile } = data;
  const account: UserDocument = {
    _id,
    id: data.orgId,
    login: data.login,
    login_key: loginKey(data.login),
    type: 'Organization',
    site_admin: false,
    name: profile.name,
    email: profile.email,
    company: profile.company,
    blog: profile.blog ?? '',
    location: profile.location,
    bio: profile.description,
    hireable: null,
    twitter_username: profile.twitter_username,
    public_repos: 0,
    owned_private_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: data.createdAt,
    updated_at: data.createdAt,
  };
  await target.collection<UserDocument>(USERS_COLLECTION).replaceOne({ _id }, account, { upsert: true });
}

// Only the fields an account shows; settings such as has_organization_projects stay out.
function accountChanges(changes: Partial<OrganizationProfile>): Partial<UserDocument> {
  const fields: Partial<UserDocument> = {};
  if (changes.name !== undefined) fields.name = changes.name;
  if (changes.email !== undefined) fields.email = changes.email;
  if (changes.company !== undefined) fields.company = changes.company;
  if (changes.blog !== undefined) fields.blog = changes.blog ?? '';
  if (changes.location !== undefined) fields.location = changes.location;
  if (changes.description !== undefined) fields.bio = changes.description;
  if (changes.twitter_username !== undefined) fields.twitter_username = changes.twitter_username;
  return fields;
}

async function organizationAccountUpdated(data: OrganizationUpdated['data'], target: ProjectionTarget): Promise<void> {
  await target
    .collection<UserDocument>(USERS_COLLECTION)
    .updateOne({ _id: String(data.orgId) }, { $set: { ...accountChanges(data.changes), updated_at: data.updatedAt } });
}
