export type AccountsError =
  | { readonly _tag: 'InvalidLogin'; readonly login: string }
  | { readonly _tag: 'InvalidEmail'; readonly email: string }
  | { readonly _tag: 'LoginTaken'; readonly login: string }
  | { readonly _tag: 'UserAlreadyExists'; readonly userId: number }
  | { readonly _tag: 'UserNotFound'; readonly login: string }
  | { readonly _tag: 'NotSiteAdmin' }
  | { readonly _tag: 'LoginNotReserved'; readonly login: string };
