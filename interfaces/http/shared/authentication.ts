import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AuthenticateWithPassword } from '../../../application/accounts/authenticateWithPassword.query.js';
import type { OAuthApplicationQueries } from '../../../application/accounts/oauthApplication.queries.js';
import type { UserQueries } from '../../../application/accounts/user.queries.js';
import type { AuthenticateWithToken } from '../../../application/authorizations/authenticateWithToken.query.js';
import type { Caller } from './caller.js';
import { clientIp } from './clientAddress.js';
import { sendGithubError } from './githubError.js';

export type AuthenticatedCaller = Extract<Caller, { kind: 'user' }>;

export interface AuthenticationDeps {
  readonly passwords: AuthenticateWithPassword;
  readonly tokens: AuthenticateWithToken;
  readonly users: UserQueries;
  readonly applications: Pick<OAuthApplicationQueries, 'verifyClientCredentials'>;
}

type Credentials =
  | { readonly scheme: 'none' }
  | { readonly scheme: 'basic'; readonly login: string; readonly secret: string }
  | { readonly scheme: 'token'; readonly token: string }
  | { readonly scheme: 'malformed' };

function parseAuthorization(header: string | undefined): Credentials {
  if (!header) return { scheme: 'none' };
  const [scheme = '', value = ''] = header.trim().split(/\s+/, 2);
  switch (scheme.toLowerCase()) {
    case 'basic': {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return { scheme: 'malformed' };
      return { scheme: 'basic', login: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
    }
    case 'token':
    case 'bearer':
      return value ? { scheme: 'token', token: value } : { scheme: 'malformed' };
    default:
      return { scheme: 'malformed' };
  }
}

// A failed sign-in is answered after the rate limiter has counted it against the client
// address (a guess costs the guesser's budget): the caller continues as anonymous with the
// answer kept, and `answerFailedSignIns` (after the limiter) sends it.
type FailedSignIn = (res: Response) => void;

function failSignIn(res: Response, ip: string, next: NextFunction, answer: FailedSignIn): void {
  res.locals.caller = { kind: 'anonymous', ip } satisfies Caller;
  res.locals.failedSignIn = answer;
  next();
}

export function answerFailedSignIns(): RequestHandler {
  return (_req, res, next) => {
    const answer = res.locals.failedSignIn as FailedSignIn | undefined;
    if (answer) return answer(res);
    next();
  };
}

const badCredentials = (res: Response) => sendGithubError(res, 401, 'Bad credentials');
const TOKEN_USER_PASSWORDS = new Set(['', 'x-oauth-basic']);
const LOCKED_MESSAGE = 'Maximum number of login attempts exceeded. Please try again later.';

// GitHub's answer to a right password without (or with a wrong) one-time code.
const TWO_FACTOR_DOCUMENTATION_URL = 'https://docs.github.com/rest/overview/other-authentication-methods#working-with-two-factor-authentication';
function otpRequired(res: Response): void {
  res.setHeader('X-GitHub-OTP', 'required; app');
  sendGithubError(res, 401, 'Must specify two-factor authentication OTP code.', { documentationUrl: TWO_FACTOR_DOCUMENTATION_URL });
}

// Decides who the caller is; whether that caller may do what it asks is the route's business.
// Anonymous requests are decided synchronously: no promise for the common case.
export function authenticate(deps: AuthenticationDeps): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const ip = clientIp(req);
    const credentials = parseAuthorization(req.headers.authorization);
    if (credentials.scheme === 'none') {
      const fromQuery = APPLICATION_PATH.test(req.path) ? queryCredentialsOf(req) : null;
      if (fromQuery) return asApplication(deps, fromQuery, ip, res, next);
      res.locals.caller = { kind: 'anonymous', ip } satisfies Caller;
      return next();
    }
    if (credentials.scheme === 'token') return signInWithToken(deps, credentials.token, null, ip, res, next);
    if (credentials.scheme !== 'basic') return failSignIn(res, ip, next, badCredentials);
    if (APPLICATION_PATH.test(req.path)) {
      res.locals.applicationCredentials = { clientId: credentials.login, clientSecret: credentials.secret } satisfies ApplicationCredentials;
      return asApplication(deps, res.locals.applicationCredentials as ApplicationCredentials, ip, res, next);
    }
    // GitHub takes a token as the Basic password too (git does that).
    if (deps.tokens.looksLikeToken(credentials.secret)) return signInWithToken(deps, credentials.secret, credentials.login, ip, res, next);
    // ...or as the user name, with an empty password or `x-oauth-basic` (GitHub's documented
    // form for git over HTTPS: https://<token>:x-oauth-basic@host/owner/repo.git).
    if (TOKEN_USER_PASSWORDS.has(credentials.secret) && deps.tokens.looksLikeToken(credentials.login))
      return signInWithToken(deps, credentials.login, null, ip, res, next);
    return signInWithPassword(deps, credentials, ip, req, res, next);
  };
}

// GitHub's OAuth Applications API (check a token, revoke it or its grant) is called by the
// application, with its client_id and client_secret as Basic credentials (or as query
// parameters, as @octokit/rest 16 sends them on the grants path): no sign-in, so neither a
// failed one counted against anyone nor a 401 here. The route checks the pair against the path.
const APPLICATION_PATH = /^\/applications\/[^/]+\/(?:tokens|grants)\/[^/]+\/?$/i;

export interface ApplicationCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

function queryCredentialsOf(req: Request): ApplicationCredentials | null {
  const { client_id: clientId, client_secret: clientSecret } = req.query;
  return typeof clientId === 'string' && typeof clientSecret === 'string' ? { clientId, clientSecret } : null;
}

// A pair that verifies makes the application the caller, so the rate limiter counts its calls
// against its own budget (GitHub's limit for an OAuth application's client credentials); one
// that does not leaves an anonymous caller, limited by its address like any other.
async function asApplication(
  { applications }: Pick<AuthenticationDeps, 'applications'>,
  credentials: ApplicationCredentials,
  ip: string,
  res: Response,
  next: NextFunction,
): Promise<void> {
  const application = await applications.verifyClientCredentials(credentials.clientId, credentials.clientSecret);
  res.locals.caller = (
    application
      ? { kind: 'application', ip, applicationId: application.id, clientId: application.client_id, name: application.name }
      : { kind: 'anonymous', ip }
  ) satisfies Caller;
  next();
}

export function applicationCredentialsOf(res: Response): ApplicationCredentials | null {
  return (res.locals.applicationCredentials as ApplicationCredentials | undefined) ?? null;
}

// An OAuth token: the caller is its user, limited to its scopes, which every answer names in
// X-OAuth-Scopes. With Basic, the login must be the token's user's.
async function signInWithToken(
  { tokens, users }: AuthenticationDeps,
  token: string,
  login: string | null,
  ip: string,
  res: Response,
  next: NextFunction,
): Promise<void> {
  const signIn = await tokens.execute(token);
  const user = signIn ? await users.userById(signIn.userId) : null;
  if (!signIn || !user || (login !== null && login.toLowerCase() !== user.login.toLowerCase())) return failSignIn(res, ip, next, badCredentials);
  if (user.suspended_at) return sendGithubError(res, 403, 'Sorry. Your account was suspended.');
  res.setHeader('X-OAuth-Scopes', signIn.scopes.join(', '));
  res.locals.caller = {
    kind: 'user',
    ip,
    userId: user.id,
    login: user.login,
    siteAdmin: user.site_admin,
    via: 'token',
    scopes: signIn.scopes,
    authorizationId: signIn.authorizationId,
  } satisfies Caller;
  next();
}

async function signInWithPassword(
  { passwords, users }: Pick<AuthenticationDeps, 'passwords' | 'users'>,
  credentials: Extract<Credentials, { scheme: 'basic' }>,
  ip: string,
  req: Request,
  res: Response,
  next: NextFunction,
): Promise<void> {
  const userAgent = req.get('user-agent');
  const signIn = await passwords.signIn(credentials.login, credentials.secret, req.get('x-github-otp'), { ip, ...(userAgent ? { userAgent } : {}) });
  if (signIn.outcome === 'locked') return failSignIn(res, ip, next, (response) => sendGithubError(response, 403, LOCKED_MESSAGE));
  if (signIn.outcome === 'otp_required') return failSignIn(res, ip, next, otpRequired);
  const user = signIn.outcome === 'authenticated' ? await users.userById(signIn.userId) : null;
  if (!user) return failSignIn(res, ip, next, badCredentials);
  // Right credentials of a suspended account: GitHub Enterprise says so rather than "Bad credentials".
  if (user.suspended_at) return sendGithubError(res, 403, 'Sorry. Your account was suspended.');
  res.locals.caller = { kind: 'user', ip, userId: user.id, login: user.login, siteAdmin: user.site_admin, via: 'password' } satisfies Caller;
  next();
}

export const requireUser: RequestHandler = (_req, res, next) => {
  if ((res.locals.caller as Caller | undefined)?.kind !== 'user') return sendGithubError(res, 401, 'Requires authentication');
  next();
};

export const requireSiteAdmin: RequestHandler = (_req, res, next) => {
  const caller = res.locals.caller as Caller | undefined;
  if (caller?.kind !== 'user') return sendGithubError(res, 401, 'Requires authentication');
  if (!caller.siteAdmin) return sendGithubError(res, 403, 'Must be a site administrator.');
  next();
};
