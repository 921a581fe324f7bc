import { Router } from 'express';
import type { Container } from 'inversify';
import { CreateUserHandler } from '../../../application/accounts/createUser.handler.js';
import { UserQueries } from '../../../application/accounts/user.queries.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { CreateOrganizationHandler } from '../../../application/accounts/createOrganization.handler.js';
import { DeleteOAuthApplicationHandler } from '../../../application/accounts/deleteOAuthApplication.handler.js';
import { OAuthApplicationQueries } from '../../../application/accounts/oauthApplication.queries.js';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { OrgMembershipQuery } from '../../../application/accounts/orgMembership.query.js';
import { RegisterOAuthApplicationHandler } from '../../../application/accounts/registerOAuthApplication.handler.js';
import { RemoveOrganizationMembershipHandler } from '../../../application/accounts/removeOrganizationMembership.handler.js';
import { SetOrganizationMembershipHandler } from '../../../application/accounts/setOrganizationMembership.handler.js';
import { SetMembershipPublicityHandler } from '../../../application/accounts/setMembershipPublicity.handler.js';
import { UpdateOrganizationHandler } from '../../../application/accounts/updateOrganization.handler.js';
import { oauthApplicationsRoutes } from './oauthApplications.routes.js';
import { orgMembersRoutes } from './orgMembers.routes.js';
import { organizationsRoutes } from './organizations.routes.js';
import { adminRoutes } from './admin.routes.js';
import { usersRoutes } from './users.routes.js';
import { avatarsRoutes } from './avatars.routes.js';
import { profileRoutes } from './profile.routes.js';
import { followsRoutes } from './follows.routes.js';
import { ChangePasswordHandler } from '../../../application/accounts/changePassword.handler.js';
import { DeleteUserHandler } from '../../../application/accounts/deleteUser.handler.js';
import { FollowQueries } from '../../../application/accounts/follow.queries.js';
import { FollowUserHandler } from '../../../application/accounts/followUser.handler.js';
import { RenameUserHandler } from '../../../application/accounts/renameUser.handler.js';
import { SetSiteAdminHandler } from '../../../application/accounts/setSiteAdmin.handler.js';
import { SetSuspensionHandler } from '../../../application/accounts/setSuspension.handler.js';
import { UpdateProfileHandler } from '../../../application/accounts/updateProfile.handler.js';

// Every route of the accounts area.
export function accountsRouter(container: Container): Router {
  const users = container.get(UserQueries);
  const clock = container.get<Clock>(TOKENS.Clock);
  const router = Router();
  usersRoutes(router, { users });
  avatarsRoutes(router);
  adminRoutes(router, {
    createUser: container.get(CreateUserHandler),
    renameUser: container.get(RenameUserHandler),
    deleteUser: container.get(DeleteUserHandler),
    setSiteAdmin: container.get(SetSiteAdminHandler),
    setSuspension: container.get(SetSuspensionHandler),
    users,
    clock,
  });
  profileRoutes(router, { updateProfile: container.get(UpdateProfileHandler), changePassword: container.get(ChangePasswordHandler), users, clock });
  followsRoutes(router, { follow: container.get(FollowUserHandler), follows: container.get(FollowQueries), users, clock });
  const organizations = container.get(OrganizationQueries);
  organizationsRoutes(router, {
    createOrganization: container.get(CreateOrganizationHandler),
    updateOrganization: container.get(UpdateOrganizationHandler),
    organizations,
    users,
    clock,
  });
  orgMembersRoutes(router, {
    setMembership: container.get(SetOrganizationMembershipHandler),
    removeMembership: container.get(RemoveOrganizationMembershipHandler),
    setPublicity: container.get(SetMembershipPublicityHandler),
    membershipQuery: container.get(OrgMembershipQuery),
    organizations,
    users,
    clock,
  });
  oauthApplicationsRoutes(router, {
    registerApplication: container.get(RegisterOAuthApplicationHandler),
    deleteApplication: container.get(DeleteOAuthApplicationHandler),
    applications: container.get(OAuthApplicationQueries),
    clock,
  });
  return router;
}
