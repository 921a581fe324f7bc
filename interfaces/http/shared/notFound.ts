import type { RequestHandler } from 'express';
import { sendGithubError } from './githubError.js';

// Mounted last: any path no route claimed answers GitHub's JSON 404, never express's HTML page.
export function notFound(): RequestHandler {
  return (_req, res) => {
    sendGithubError(res, 404, 'Not Found');
  };
}
