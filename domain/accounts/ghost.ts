import { loginKey } from './login.js';

// GitHub's `ghost`: the account that a deleted user's issues, pull requests, comments and other
// contributions are attributed to. It is an ordinary user on GitHub (id 10137), so forgelog
// answers it with the same login and id. The login is reserved: no account can take it (its
// reservation decider refuses it), and no account is given the id (the id allocator skips it).
export const GHOST_LOGIN = 'ghost';
export const GHOST_ACCOUNT_ID = 10137;

export function isReservedLogin(login: string): boolean {
  return loginKey(login) === GHOST_LOGIN;
}
