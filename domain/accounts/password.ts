// forgelog's own rule for passwords a user chooses (GitHub asks for at least 8 characters).
export const MINIMUM_PASSWORD_LENGTH = 8;

// GitHub's maximum; it also bounds what scrypt is asked to hash.
export const MAXIMUM_PASSWORD_LENGTH = 72;

export function isAcceptablePassword(password: string): boolean {
  return password.length >= MINIMUM_PASSWORD_LENGTH && password.length <= MAXIMUM_PASSWORD_LENGTH;
}

export type PasswordProblem =
  { readonly _tag: 'PasswordTooShort'; readonly minimumLength: number } | { readonly _tag: 'PasswordTooLong'; readonly maximumLength: number };

export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < MINIMUM_PASSWORD_LENGTH) return { _tag: 'PasswordTooShort', minimumLength: MINIMUM_PASSWORD_LENGTH };
  if (password.length > MAXIMUM_PASSWORD_LENGTH) return { _tag: 'PasswordTooLong', maximumLength: MAXIMUM_PASSWORD_LENGTH };
  return null;
}
