export type AccountsError =
  | { readonly _tag: 'InvalidLogin'; readonly login: string }
  | { readonly _tag: 'InvalidEmail'; readonly email: string }
  | { readonly _tag: 'LoginTaken'; readonly login: string }
  | { readonly _tag: 'EmailTaken'; readonly email: string }
  | { readonly _tag: 'UserAlreadyExists'; readonly userId: number }
  | { readonly _tag: 'UserNotFound'; readonly login: string }
  | { readonly _tag: 'NotSiteAdmin' }
  | { readonly _tag: 'LoginNotReserved'; readonly login: string }
  // Site admins cannot suspend, demote or delete themselves (they would lock themselves out).
  | { readonly _tag: 'SelfAdministrationRefused'; readonly action: 'suspend' | 'demote' | 'delete' }
  | { readonly _tag: 'WrongOldPassword' }
  | { readonly _tag: 'PasswordTooShort'; readonly minimumLength: number; readonly field: 'password' | 'new_password' }
  | { readonly _tag: 'PasswordTooLong'; readonly maximumLength: number; readonly field: 'password' | 'new_password' }
  // GitHub's limits on profile fields (bio 160, name, company, location and blog 255)
  | { readonly _tag: 'ProfileFieldTooLong'; readonly field: string; readonly maximumLength: number }
  | { readonly _tag: 'CannotFollowYourself' }
  | { readonly _tag: 'TwoFactorAlreadyEnabled'; readonly userId: number }
  | { readonly _tag: 'OrganizationNotFound'; readonly org: string }
  | { readonly _tag: 'OrganizationAlreadyExists'; readonly orgId: number }
  | { readonly _tag: 'InvalidOrganizationLogin'; readonly login: string }
  | { readonly _tag: 'OrganizationLoginTaken'; readonly login: string }
  | { readonly _tag: 'OrganizationAdminNotFound'; readonly login: string }
  | { readonly _tag: 'InvalidOrganizationField'; readonly field: string }
  | { readonly _tag: 'NotOrganizationOwner' }
  | { readonly _tag: 'NotOrganizationMember'; readonly org: string; readonly login: string }
  | { readonly _tag: 'OrganizationMembershipNotFound'; readonly userId: number }
  // Only the member shows or hides their membership (GitHub: "A user cannot publicize the
  // membership for another user"), and only a member has one to show.
  | { readonly _tag: 'MembershipPublicityRefused'; readonly reason: 'another-user' | 'not-member'; readonly org: string }
  // An organization always keeps an owner: the last one can be neither removed nor demoted.
  | { readonly _tag: 'LastOrganizationOwner' }
  | { readonly _tag: 'OAuthApplicationNotFound'; readonly clientId: string }
  | { readonly _tag: 'OAuthApplicationAlreadyExists'; readonly applicationId: number }
  | { readonly _tag: 'InvalidOAuthApplicationField'; readonly field: string };
