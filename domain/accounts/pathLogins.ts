import { loginKey } from './login.js';

// Logins a web-root path of forgelog's own takes: `/timeline.atom` is the public timeline, so
// an account named `timeline` would have its public feed (`/{user}.atom`) answered with it.
// GitHub reserves the login too.
const PATH_LOGINS: ReadonlySet<string> = new Set(['timeline']);

export function isPathLogin(login: string): boolean {
  return PATH_LOGINS.has(loginKey(login));
}
