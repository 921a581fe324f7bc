import type { RequestHandler } from 'express';
import { DOCUMENTATION_URL, sendGithubError } from './githubError.js';

// Mounted last: any path no route claimed answers GitHub's JSON 404, never express's HTML page,
// naming the general page as GitHub does where no operation matched (req.route may still name a
// route that passed the request on).
export function notFound(): RequestHandler {
  return (_req, res) => {
    sendGithubError(res, 404, 'Not Found', { documentationUrl: DOCUMENTATION_URL });
  };
}
