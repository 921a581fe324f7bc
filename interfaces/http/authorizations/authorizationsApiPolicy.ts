import type { RequestHandler } from 'express';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import type { Config } from '../../../infrastructure/shared/config/config.js';
import { callerOf } from '../shared/caller.js';
import { httpErrorFor } from '../shared/errorTable.js';
import { DOCUMENTATION_URL, sendGithubError } from '../shared/githubError.js';

// The OAuth Authorizations API as GitHub ran its end: every answer carries Deprecation and
// Sunset; during a brownout creating a token answers 410; once removed, everything 404.
export function authorizationsApiPolicy(settings: Config['authorizationsApi'], clock: Clock): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Deprecation', '@1581638400');
    res.setHeader('Sunset', 'Fri, 13 Nov 2020 16:00:00 GMT');
    // Removed, the paths are unknown to GitHub: the general page, as for any path no operation has.
    if (settings.mode === 'removed') return sendGithubError(res, 404, 'Not Found', { documentationUrl: DOCUMENTATION_URL });
    const now = clock.now().getTime();
    const brownout = settings.mode === 'brownout' || settings.brownouts.some((window) => window.from <= now && now < window.to);
    // Mounted on its paths: the full path is the mount (baseUrl) and what follows it, in any
    // case (the routes match /Authorizations too).
    const path = `${req.baseUrl}${req.path}`.replace(/\/$/, '').toLowerCase();
    const creates = (req.method === 'POST' && path === '/authorizations') || (req.method === 'PUT' && path.startsWith('/authorizations/clients/'));
    if (brownout && creates) {
      const error = httpErrorFor({ _tag: 'AuthorizationsBrownout' });
      return sendGithubError(res, error.status, error.message);
    }
    next();
  };
}

// These operations take Basic authentication with a login and password only, as GitHub's did.
export const passwordOnly: RequestHandler = (_req, res, next) => {
  const caller = callerOf(res);
  if (caller.kind !== 'user') return sendGithubError(res, 401, 'Requires authentication');
  if (caller.via !== 'password') {
    const error = httpErrorFor({ _tag: 'PasswordAuthenticationRequired' });
    return sendGithubError(res, error.status, error.message);
  }
  next();
};
