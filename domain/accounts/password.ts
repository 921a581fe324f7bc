// forgelog's own rule for passwords a user chooses (GitHub asks for at least 8 characters).
export const MINIMUM_PASSWORD_LENGTH = 8;

export function isAcceptablePassword(password: string): boolean {
  return password.length >= MINIMUM_PASSWORD_LENGTH;
}
