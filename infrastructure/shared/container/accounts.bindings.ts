import type { Container } from 'inversify';
import { AuthenticateWithPassword } from '../../../application/accounts/authenticateWithPassword.query.js';
import { ChangePasswordHandler } from '../../../application/accounts/changePassword.handler.js';
import { ResetPasswordHandler } from '../../../application/accounts/resetPassword.handler.js';
import { CheckTwoFactorKey } from '../../../application/accounts/twoFactorKeyCheck.js';
import { SignInAttempts } from '../../../application/accounts/signInAttempts.js';
import { CreateUserHandler } from '../../../application/accounts/createUser.handler.js';
import { EmailReservations } from '../../../application/accounts/emailReservations.js';
import { DeleteUserHandler } from '../../../application/accounts/deleteUser.handler.js';
import { DisableTwoFactorHandler } from '../../../application/accounts/disableTwoFactor.handler.js';
import { EnableTwoFactorHandler } from '../../../application/accounts/enableTwoFactor.handler.js';
import { EnsureSiteAdmin } from '../../../application/accounts/ensureSiteAdmin.js';
import { FollowQueries } from '../../../application/accounts/follow.queries.js';
import { FollowUserHandler } from '../../../application/accounts/followUser.handler.js';
import { RenameUserHandler } from '../../../application/accounts/renameUser.handler.js';
import { SetSiteAdminHandler } from '../../../application/accounts/setSiteAdmin.handler.js';
import { SetSuspensionHandler } from '../../../application/accounts/setSuspension.handler.js';
import { UpdateProfileHandler } from '../../../application/accounts/updateProfile.handler.js';
import { UserCommands } from '../../../application/accounts/userCommand.js';
import { UserQueries } from '../../../application/accounts/user.queries.js';
import { VerifyTwoFactorCode } from '../../../application/accounts/verifyTwoFactorCode.query.js';
import { CreateOrganizationHandler } from '../../../application/accounts/createOrganization.handler.js';
import { DeleteOAuthApplicationHandler } from '../../../application/accounts/deleteOAuthApplication.handler.js';
import { OAuthApplicationQueries } from '../../../application/accounts/oauthApplication.queries.js';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { OrgMembershipQuery } from '../../../application/accounts/orgMembership.query.js';
import { RegisterOAuthApplicationHandler } from '../../../application/accounts/registerOAuthApplication.handler.js';
import { RemoveOrganizationMembershipHandler } from '../../../application/accounts/removeOrganizationMembership.handler.js';
import { ResetOAuthApplicationSecretHandler } from '../../../application/accounts/resetOAuthApplicationSecret.handler.js';
import { SetOrganizationMembershipHandler } from '../../../application/accounts/setOrganizationMembership.handler.js';
import { SetMembershipPublicityHandler } from '../../../application/accounts/setMembershipPublicity.handler.js';
import { UpdateOrganizationHandler } from '../../../application/accounts/updateOrganization.handler.js';
import type { SecretCipher } from '../../../application/shared/ports/secretCipher.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { AesGcmSecretCipher } from '../../accounts/aesGcmSecretCipher.js';
import { loadTotpKey } from '../../accounts/totpKey.js';
import type { Config } from '../config/config.js';

function totpSecretCipher(config: Config): SecretCipher {
  const source = { dataDir: config.dataDir, distributed: config.eventStoreUrl !== undefined, configuredKey: config.totpKey };
  return new AesGcmSecretCipher(() => loadTotpKey(source));
}

// Application services of the accounts area; ports are bound in runtime.ts.
export function bindAccounts(container: Container): void {
  container.bind(TOKENS.TotpSecretCipher).toConstantValue(totpSecretCipher(container.get<Config>(TOKENS.Config)));
  container.bind(CreateUserHandler).toSelf().inSingletonScope();
  container.bind(EmailReservations).toSelf().inSingletonScope();
  container.bind(UserQueries).toSelf().inSingletonScope();
  container.bind(AuthenticateWithPassword).toSelf().inSingletonScope();
  container.bind(EnsureSiteAdmin).toSelf().inSingletonScope();
  container.bind(UserCommands).toSelf().inSingletonScope();
  container.bind(RenameUserHandler).toSelf().inSingletonScope();
  container.bind(DeleteUserHandler).toSelf().inSingletonScope();
  container.bind(SetSiteAdminHandler).toSelf().inSingletonScope();
  container.bind(SetSuspensionHandler).toSelf().inSingletonScope();
  container.bind(UpdateProfileHandler).toSelf().inSingletonScope();
  container.bind(ChangePasswordHandler).toSelf().inSingletonScope();
  container.bind(ResetPasswordHandler).toSelf().inSingletonScope();
  container.bind(CheckTwoFactorKey).toSelf().inSingletonScope();
  container.bind(SignInAttempts).toSelf().inSingletonScope();
  container.bind(EnableTwoFactorHandler).toSelf().inSingletonScope();
  container.bind(DisableTwoFactorHandler).toSelf().inSingletonScope();
  container.bind(VerifyTwoFactorCode).toSelf().inSingletonScope();
  container.bind(FollowUserHandler).toSelf().inSingletonScope();
  container.bind(FollowQueries).toSelf().inSingletonScope();
  container.bind(CreateOrganizationHandler).toSelf().inSingletonScope();
  container.bind(DeleteOAuthApplicationHandler).toSelf().inSingletonScope();
  container.bind(OAuthApplicationQueries).toSelf().inSingletonScope();
  container.bind(OrganizationQueries).toSelf().inSingletonScope();
  container.bind(OrgMembershipQuery).toSelf().inSingletonScope();
  container.bind(RegisterOAuthApplicationHandler).toSelf().inSingletonScope();
  container.bind(RemoveOrganizationMembershipHandler).toSelf().inSingletonScope();
  container.bind(ResetOAuthApplicationSecretHandler).toSelf().inSingletonScope();
  container.bind(SetOrganizationMembershipHandler).toSelf().inSingletonScope();
  container.bind(SetMembershipPublicityHandler).toSelf().inSingletonScope();
  container.bind(UpdateOrganizationHandler).toSelf().inSingletonScope();
}
