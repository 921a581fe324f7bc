import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { failedInDeletedRepository } from '../../../infrastructure/shared/git/gitCommand.js';
import { sendGithubError } from './githubError.js';

// The shape of http-errors 4xx errors: body-parser tags its own with `type`, the router
// raises one for a path parameter that cannot be percent-decoded.
interface ClientError {
  readonly status: number;
  readonly message: string;
  readonly type?: string;
}

// Last resort: routes map domain errors as values, so reaching this is either a request
// that could not be read, a repository deleted while git wrote to it (404, as for any
// repository that is not there), or a fault worth a log line with the request id.
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      // Too late for a body: express's default handler closes the connection.
      next(error);
      return;
    }
    if (isClientError(error)) {
      answerClientError(res, error);
      return;
    }
    void failedInDeletedRepository(error).then((deleted) => {
      if (res.headersSent) return;
      if (deleted) {
        logger.info({ reqId: (req as { id?: unknown }).id, method: req.method, url: req.path }, 'repository deleted during the request');
        sendGithubError(res, 404, 'Not Found');
        return;
      }
      logger.error({ err: error, reqId: (req as { id?: unknown }).id, method: req.method, url: req.path }, 'unhandled error');
      // GitHub's own 500 body is exactly this, without documentation_url.
      res.status(500).json({ message: 'Server Error' });
    });
  };
}

function answerClientError(res: Response, error: ClientError): void {
  if (error.type === 'entity.parse.failed') sendGithubError(res, 400, 'Problems parsing JSON');
  else if (error.type === 'entity.too.large') sendGithubError(res, 413, 'Request body too large');
  else sendGithubError(res, error.status, error.message);
}

function isClientError(error: unknown): error is ClientError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Partial<ClientError> & { expose?: boolean };
  return (
    typeof candidate.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500 &&
    typeof candidate.message === 'string' &&
    candidate.expose !== false
  );
}
