import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type { OrganizationActor } from '../../domain/accounts/organization.decider.js';
import type { AppError } from '../shared/appError.js';
import { organizationAndUser, type OrganizationAndUser } from './organizationAndUser.js';
import { OrganizationQueries } from './organization.queries.js';
import type { OrgMembershipDocument } from './organizations.readModel.js';
import { UserQueries } from './user.queries.js';

export interface VisibleMembership extends OrganizationAndUser {
  readonly membership: OrgMembershipDocument;
}

// GET /orgs/{org}/memberships/{username}: users see their own membership, members and site
// administrators see everyone's; anyone else is told to be a member first, as on GitHub.
@injectable()
export class OrgMembershipQuery {
  constructor(
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
    @inject(UserQueries) private readonly users: UserQueries,
  ) {}

  async membershipAsSeenBy(org: string, username: string, viewer: OrganizationActor): Promise<Either<AppError, VisibleMembership>> {
    const found = await organizationAndUser(this.organizations, this.users, org, username);
    if (isLeft(found)) return found;
    const { organization, user } = found.right;
    if (!(await this.maySee(organization.id, user.id, viewer))) {
      return left({ _tag: 'NotOrganizationMember', org: organization.login, login: user.login });
    }
    const membership = await this.organizations.membership(organization.id, user.id);
    if (!membership) return left({ _tag: 'OrganizationMembershipNotFound', userId: user.id });
    return right({ organization, user, membership });
  }

  private async maySee(orgId: number, userId: number, viewer: OrganizationActor): Promise<boolean> {
    if (viewer.siteAdmin || viewer.userId === userId) return true;
    return viewer.userId !== null && (await this.organizations.membership(orgId, viewer.userId)) !== null;
  }
}
