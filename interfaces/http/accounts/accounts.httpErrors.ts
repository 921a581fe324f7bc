import type { AccountsError } from '../../../domain/accounts/accounts.errors.js';
import { validationFailed, type ErrorTable } from '../shared/httpError.js';

const selfAdministrationMessages = {
  suspend: 'Site administrators cannot suspend themselves.',
  demote: 'Site administrators cannot demote themselves.',
  delete: 'Site administrators cannot delete themselves.',
} as const;

// The accounts area's part of the error table: each of its error tags as GitHub answers it.
export const accountsHttpErrors: ErrorTable<AccountsError> = {
  InvalidLogin: (error) =>
    validationFailed([
      {
        resource: 'User',
        field: 'login',
        code: 'invalid',
        message: `login ${JSON.stringify(error.login)} may only contain alphanumeric characters or single hyphens, and cannot begin or end with a hyphen`,
      },
    ]),
  InvalidEmail: () => validationFailed([{ resource: 'User', field: 'email', code: 'invalid' }]),
  LoginTaken: () => validationFailed([{ resource: 'User', field: 'login', code: 'already_exists', message: 'login is already taken' }]),
  EmailTaken: () => validationFailed([{ resource: 'User', field: 'email', code: 'already_exists', message: 'email is already taken' }]),
  UserAlreadyExists: () => validationFailed([{ resource: 'User', field: 'id', code: 'already_exists' }]),
  UserNotFound: () => ({ status: 404, message: 'Not Found' }),
  LoginNotReserved: () => ({ status: 404, message: 'Not Found' }),
  NotSiteAdmin: () => ({ status: 403, message: 'Must be a site administrator.' }),
  SelfAdministrationRefused: (error) => ({ status: 403, message: selfAdministrationMessages[error.action] }),
  WrongOldPassword: () => validationFailed([{ resource: 'User', field: 'old_password', code: 'invalid', message: 'old_password is incorrect' }]),
  PasswordTooShort: (error) =>
    validationFailed([
      { resource: 'User', field: error.field, code: 'invalid', message: `${error.field} is too short (minimum is ${error.minimumLength} characters)` },
    ]),
  PasswordTooLong: (error) =>
    validationFailed([
      { resource: 'User', field: error.field, code: 'invalid', message: `${error.field} is too long (maximum is ${error.maximumLength} characters)` },
    ]),
  ProfileFieldTooLong: (error) =>
    validationFailed([
      { resource: 'User', field: error.field, code: 'invalid', message: `${error.field} is too long (maximum is ${error.maximumLength} characters)` },
    ]),
  CannotFollowYourself: () => validationFailed([{ resource: 'User', field: 'username', code: 'invalid', message: 'You cannot follow yourself' }]),
  TwoFactorAlreadyEnabled: () =>
    validationFailed([
      { resource: 'User', field: 'two_factor_authentication', code: 'already_exists', message: 'two-factor authentication is already enabled' },
    ]),
  OrganizationNotFound: () => ({ status: 404, message: 'Not Found' }),
  OrganizationMembershipNotFound: () => ({ status: 404, message: 'Not Found' }),
  OAuthApplicationNotFound: () => ({ status: 404, message: 'Not Found' }),
  OrganizationAlreadyExists: () => validationFailed([{ resource: 'Organization', field: 'id', code: 'already_exists' }]),
  InvalidOrganizationLogin: (error) =>
    validationFailed([
      {
        resource: 'Organization',
        field: 'login',
        code: 'invalid',
        message: `login ${JSON.stringify(error.login)} may only contain alphanumeric characters or single hyphens, and cannot begin or end with a hyphen`,
      },
    ]),
  OrganizationLoginTaken: () => validationFailed([{ resource: 'Organization', field: 'login', code: 'already_exists', message: 'login is already taken' }]),
  OrganizationAdminNotFound: (error) =>
    validationFailed([{ resource: 'Organization', field: 'admin', code: 'invalid', message: `admin ${JSON.stringify(error.login)} is not a user` }]),
  InvalidOrganizationField: (error) => validationFailed([{ resource: 'Organization', field: error.field, code: 'invalid' }]),
  NotOrganizationOwner: () => ({ status: 403, message: 'Must be an organization owner.' }),
  NotOrganizationMember: (error) => ({ status: 403, message: `You must be a member of ${error.org} to see membership information for ${error.login}.` }),
  MembershipPublicityRefused: (error) => ({
    status: 403,
    message:
      error.reason === 'another-user'
        ? 'You can only publicize or conceal your own membership.'
        : `You must be a member of ${error.org} to publicize or conceal your membership.`,
  }),
  LastOrganizationOwner: () => ({ status: 403, message: 'Cannot remove or demote the last owner of an organization.' }),
  OAuthApplicationAlreadyExists: () => validationFailed([{ resource: 'OAuthApplication', field: 'id', code: 'already_exists' }]),
  InvalidOAuthApplicationField: (error) => validationFailed([{ resource: 'OAuthApplication', field: error.field, code: 'invalid' }]),
};
