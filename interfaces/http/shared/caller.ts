import type { Response } from 'express';

// Who is calling, decided once by the authentication middleware and kept in res.locals.
export type Caller =
  | { readonly kind: 'anonymous'; readonly ip: string }
  | {
      readonly kind: 'user';
      readonly ip: string;
      readonly userId: number;
      readonly login: string;
      readonly siteAdmin: boolean;
      readonly via: 'password' | 'token';
      // an OAuth token's scopes and id (absent when signed in with a password)
      readonly scopes?: readonly string[];
      readonly authorizationId?: number;
    }
  // An OAuth application proving itself with its client_id and client_secret (GitHub's OAuth
  // Applications API): no user, so it reads as anonymous, but it is rate-limited as itself.
  | {
      readonly kind: 'application';
      readonly ip: string;
      readonly applicationId: number;
      readonly clientId: string;
      readonly name: string;
    };

export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  return caller ?? { kind: 'anonymous', ip: '' };
}

// A token lacking the scopes of a public read is, for what it may see, an anonymous caller
// (still itself for rate limits and logs): access decisions read accessCallerOf.
export function readAsAnonymous(res: Response): void {
  res.locals.readsAsAnonymous = true;
}

export function readsAsAnonymous(res: Response): boolean {
  return res.locals.readsAsAnonymous === true;
}
