// GitHub's rule: letters, digits and single hyphens, not at either end, at most 39 characters.
const LOGIN_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidLogin(login: string): boolean {
  return LOGIN_PATTERN.test(login);
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

// Logins are unique regardless of case, as on GitHub.
export function loginKey(login: string): string {
  return login.toLowerCase();
}

// Emails are unique regardless of case and surrounding blanks (GitHub Enterprise refuses an
// address already associated with an account).
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
