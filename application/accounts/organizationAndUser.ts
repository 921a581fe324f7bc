import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { AppError } from '../shared/appError.js';
import type { OrganizationQueries } from './organization.queries.js';
import type { OrganizationDocument } from './organizations.readModel.js';
import type { UserQueries } from './user.queries.js';
import type { UserDocument } from './users.readModel.js';

export interface OrganizationAndUser {
  readonly organization: OrganizationDocument;
  readonly user: UserDocument;
}

// Both ends of a membership, by login: an unknown organization or user (or an organization
// named as a member) is a 404.
export async function organizationAndUser(
  organizations: OrganizationQueries,
  users: UserQueries,
  org: string,
  username: string,
): Promise<Either<AppError, OrganizationAndUser>> {
  const organization = await organizations.organizationByLogin(org);
  if (!organization) return left({ _tag: 'OrganizationNotFound', org });
  const user = await users.userByLogin(username);
  if (!user || user.type !== 'User') return left({ _tag: 'UserNotFound', login: username });
  return right({ organization, user });
}
