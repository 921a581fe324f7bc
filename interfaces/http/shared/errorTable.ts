import type { AppError } from '../../../application/shared/appError.js';
import type { ValidationErrorItem } from './githubError.js';

export interface HttpError {
  readonly status: number;
  readonly message: string;
  readonly errors?: readonly ValidationErrorItem[];
}

function assertUnreachable(value: never): never {
  throw new Error(`unmapped application error: ${JSON.stringify(value)}`);
}

const validationFailed = (errors: readonly ValidationErrorItem[]): HttpError => ({ status: 422, message: 'Validation Failed', errors });

const selfAdministrationMessages = {
  suspend: 'Site administrators cannot suspend themselves.',
  demote: 'Site administrators cannot demote themselves.',
  delete: 'Site administrators cannot delete themselves.',
} as const;

const repositoryNameMessages = {
  empty: "name can't be blank",
  too_long: 'name is too long (maximum is 100 characters)',
  reserved: 'name is reserved',
  git_suffix: 'name cannot end with .git',
} as const;

// The one table from application error tags to GitHub's statuses and bodies.
export function httpErrorFor(error: AppError): HttpError {
  switch (error._tag) {
    case 'InvalidLogin':
      return validationFailed([{ resource: 'User', field: 'login', code: 'invalid', message: `login ${JSON.stringify(error.login)} may only contain alphanumeric characters or single hyphens, and cannot begin or end with a hyphen` }]);
    case 'InvalidEmail':
      return validationFailed([{ resource: 'User', field: 'email', code: 'invalid' }]);
    case 'LoginTaken':
      return validationFailed([{ resource: 'User', field: 'login', code: 'already_exists', message: 'login is already taken' }]);
    case 'UserAlreadyExists':
      return validationFailed([{ resource: 'User', field: 'id', code: 'already_exists' }]);
    case 'UserNotFound':
    case 'LoginNotReserved':
      return { status: 404, message: 'Not Found' };
    case 'NotSiteAdmin':
      return { status: 403, message: 'Must be a site administrator.' };
    case 'SelfAdministrationRefused':
      return { status: 403, message: selfAdministrationMessages[error.action] };
    case 'WrongOldPassword':
      return validationFailed([{ resource: 'User', field: 'old_password', code: 'invalid', message: 'old_password is incorrect' }]);
    case 'PasswordTooShort':
      return validationFailed([{ resource: 'User', field: error.field, code: 'invalid', message: `${error.field} is too short (minimum is ${error.minimumLength} characters)` }]);
    case 'PasswordTooLong':
      return validationFailed([{ resource: 'User', field: error.field, code: 'invalid', message: `${error.field} is too long (maximum is ${error.maximumLength} characters)` }]);
    case 'ProfileFieldTooLong':
      return validationFailed([{ resource: 'User', field: error.field, code: 'invalid', message: `${error.field} is too long (maximum is ${error.maximumLength} characters)` }]);
    case 'CannotFollowYourself':
      return validationFailed([{ resource: 'User', field: 'username', code: 'invalid', message: 'You cannot follow yourself' }]);
    case 'TwoFactorAlreadyEnabled':
      return validationFailed([{ resource: 'User', field: 'two_factor_authentication', code: 'already_exists', message: 'two-factor authentication is already enabled' }]);
    case 'OrganizationNotFound':
    case 'OrganizationMembershipNotFound':
    case 'OAuthApplicationNotFound':
      return { status: 404, message: 'Not Found' };
    case 'OrganizationAlreadyExists':
      return validationFailed([{ resource: 'Organization', field: 'id', code: 'already_exists' }]);
    case 'InvalidOrganizationLogin':
      return validationFailed([{ resource: 'Organization', field: 'login', code: 'invalid', message: `login ${JSON.stringify(error.login)} may only contain alphanumeric characters or single hyphens, and cannot begin or end with a hyphen` }]);
    case 'OrganizationLoginTaken':
      return validationFailed([{ resource: 'Organization', field: 'login', code: 'already_exists', message: 'login is already taken' }]);
    case 'OrganizationAdminNotFound':
      return validationFailed([{ resource: 'Organization', field: 'admin', code: 'invalid', message: `admin ${JSON.stringify(error.login)} is not a user` }]);
    case 'InvalidOrganizationField':
      return validationFailed([{ resource: 'Organization', field: error.field, code: 'invalid' }]);
    case 'NotOrganizationOwner':
      return { status: 403, message: 'Must be an organization owner.' };
    case 'NotOrganizationMember':
      return { status: 403, message: `You must be a member of ${error.org} to see membership information for ${error.login}.` };
    case 'LastOrganizationOwner':
      return { status: 403, message: 'Cannot remove or demote the last owner of an organization.' };
    case 'OAuthApplicationAlreadyExists':
      return validationFailed([{ resource: 'OAuthApplication', field: 'id', code: 'already_exists' }]);
    case 'InvalidOAuthApplicationField':
      return validationFailed([{ resource: 'OAuthApplication', field: error.field, code: 'invalid' }]);
    case 'RepositoryNotFound':
    case 'RepositoryOwnerNotFound':
    case 'RepositoryNameNotReserved':
      return { status: 404, message: 'Not Found' };
    case 'InvalidRepositoryName':
      return validationFailed([{ resource: 'Repository', field: 'name', code: error.problem === 'empty' ? 'missing_field' : 'invalid', message: repositoryNameMessages[error.problem] }]);
    case 'RepositoryNameTaken':
      return validationFailed([{ resource: 'Repository', field: 'name', code: 'already_exists', message: 'name already exists on this account' }]);
    case 'RepositoryAlreadyExists':
      return validationFailed([{ resource: 'Repository', field: 'id', code: 'already_exists' }]);
    case 'RepositoryAccessDenied':
      return { status: 403, message: error.needs === 'admin' || error.needs === 'maintain' ? 'Must have admin rights to Repository.' : 'Must have push access to repository.' };
    case 'RepositoryArchived':
      return { status: 403, message: 'Repository was archived so is read-only.' };
    case 'RepositoryCreationForbidden':
      return { status: 403, message: `You need admin access to ${error.ownerLogin} before adding a repository to it.` };
    case 'InvalidTopics':
      return validationFailed([{ resource: 'Repository', field: 'topics', code: 'invalid', message: `${error.names.join(', ')} is not a valid topic. Topics must start with a lowercase letter or number, consist of 50 characters or less, and can include hyphens.` }]);
    case 'TooManyTopics':
      return validationFailed([{ resource: 'Repository', field: 'topics', code: 'invalid', message: `A repository cannot have more than 20 topics (got ${error.count}).` }]);
    case 'OwnerCannotBeCollaborator':
      return validationFailed([{ resource: 'Repository', field: 'collaborator', code: 'custom', message: 'Repository owner cannot be a collaborator' }]);
    case 'DefaultBranchNotFound':
      return validationFailed([{ resource: 'Repository', field: 'default_branch', code: 'invalid', message: `The branch ${error.branch} was not found. Please push that ref first or create it via the Git Data API.` }]);
    case 'ForkIntoOwningAccount':
      return validationFailed([{ resource: 'Repository', field: 'owner', code: 'custom', message: 'A repository cannot be forked into the account that owns it.' }]);
    case 'TransferTargetNotFound':
      return validationFailed([{ resource: 'Repository', field: 'new_owner', code: 'invalid', message: `${error.login} is not a user or an organization` }]);
    case 'InvalidRepositoryListFilter':
      return validationFailed([{ resource: 'Repository', field: error.field, code: 'invalid', message: 'If you specify visibility or affiliation, you cannot specify type.' }]);
    case 'PullRequestNotFound':
      return { status: 404, message: 'Not Found' };
    case 'PullRequestBranchNotFound':
      return validationFailed([{ resource: 'PullRequest', field: error.field, code: 'invalid' }]);
    case 'InvalidPullRequestHead':
      return validationFailed([{ resource: 'PullRequest', field: 'head', code: 'invalid' }]);
    case 'NoCommitsBetween':
      return validationFailed([{ resource: 'PullRequest', field: 'head', code: 'custom', message: `No commits between ${error.base} and ${error.head}` }]);
    case 'PullRequestAlreadyExists':
      return validationFailed([{ resource: 'PullRequest', field: 'head', code: 'custom', message: `A pull request already exists for ${error.headLabel}.` }]);
    case 'InvalidPullRequestField':
      return validationFailed([{ resource: 'PullRequest', field: error.field, code: error.code }]);
    case 'PullRequestStateRefused':
      return validationFailed([{ resource: 'PullRequest', field: error.reason === 'base_of_closed' ? 'base' : 'state', code: 'custom', message: error.reason === 'base_of_closed' ? 'Cannot change the base branch of a closed pull request.' : 'state cannot be changed. The pull request cannot be reopened because it is merged.' }]);
    case 'PullRequestNotMergeable':
      return { status: 405, message: 'Pull Request is not mergeable' };
    case 'PullRequestHeadModified':
      return { status: 409, message: 'Head branch was modified. Review and try the merge again.' };
    case 'PullRequestBaseModified':
      return { status: 409, message: 'Base branch was modified. Review and try the merge again.' };
    case 'IssueNotFound':
    case 'IssueCommentNotFound':
    case 'MilestoneNotFound':
    case 'ReactionNotFound':
      return { status: 404, message: 'Not Found' };
    case 'LabelNotFound':
      return { status: 404, message: 'Label does not exist' };
    case 'IssuesDisabled':
      return { status: 410, message: 'Issues are disabled for this repo' };
    case 'IssueLocked':
      return { status: 403, message: 'Unable to create comment because issue is locked.' };
    case 'IssueChangeForbidden':
      return { status: 403, message: `You do not have permission to change this ${error.resource}.` };
    case 'IssueAlreadyExists':
      return validationFailed([{ resource: error.resource, field: 'id', code: 'already_exists' }]);
    case 'IssueValidationFailed':
      return validationFailed([{ resource: error.resource, field: error.field, code: error.code, ...(error.message === undefined ? {} : { message: error.message }) }]);
    case 'ForkVisibilityFixed':
      return validationFailed([{ resource: 'Repository', field: 'private', code: 'invalid', message: 'a fork of a public repository is public and cannot be made private' }]);
    case 'RepositoryFieldTooLong':
      return validationFailed([{ resource: 'Repository', field: error.field, code: 'invalid', message: `${error.field} is too long (maximum is ${error.maximumLength} characters)` }]);
    case 'RepositoryInvitationNotFound':
      return { status: 404, message: 'Not Found' };
    case 'AuthorizationNotFound':
    case 'GrantNotFound':
      return { status: 404, message: 'Not Found' };
    case 'AuthorizationAlreadyExists':
      return validationFailed([{ resource: 'OauthAccess', field: 'id', code: 'already_exists' }]);
    case 'UnknownScopes':
      return validationFailed([{ resource: 'OauthAccess', field: 'scopes', code: 'invalid', message: `Unknown scopes: ${error.scopes.join(', ')}` }]);
    case 'AuthorizationFieldMissing':
      return validationFailed([{ resource: 'OauthAccess', field: error.field, code: 'missing_field' }]);
    case 'AuthorizationFieldInvalid':
      return validationFailed([{ resource: 'OauthAccess', field: error.field, code: 'invalid', message: error.message }]);
    case 'ConflictingScopeChanges':
      return validationFailed([{ resource: 'OauthAccess', field: 'scopes', code: 'invalid', message: 'Only one of scopes, add_scopes or remove_scopes may be given' }]);
    case 'OAuthClientNotFound':
      return validationFailed([{ resource: 'OauthAccess', field: 'client_id', code: 'invalid', message: 'client_id and client_secret do not name a registered OAuth application' }]);
    case 'AuthorizationsRemoved':
      return { status: 404, message: 'Not Found' };
    case 'AuthorizationsBrownout':
      return { status: 410, message: 'This endpoint is temporarily being browned out. See https://developer.github.com/changes/2020-02-14-deprecating-oauth-auth-endpoint/ for more information.' };
    case 'PasswordAuthenticationRequired':
      return { status: 401, message: 'This API can only be accessed with username and password Basic Auth' };
    case 'ConcurrencyConflict':
      return { status: 409, message: `The resource was changed by another request; try again (${error.streamId})` };
    default:
      return assertUnreachable(error);
  }
}
