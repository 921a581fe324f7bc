import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { sendGithubError } from './githubError.js';

// The shape body-parser gives its errors (http-errors with a `type` tag).
interface BodyReadError {
  readonly type: string;
  readonly status: number;
  readonly message: string;
}

// Last resort: routes map domain errors as values, so reaching this is either a body that
// could not be read or a fault worth a log line with the request id.
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      // Too late for a body: express closes the connection.
      next(error);
      return;
    }
    if (isBodyReadError(error)) {
      answerBodyReadError(res, error);
      return;
    }
    logger.error({ err: error, reqId: (req as { id?: unknown }).id, method: req.method }, 'unhandled error');
    // GitHub's own 500 body carries no documentation_url.
    res.status(500).json({ message: 'Server Error' });
  };
}

function answerBodyReadError(res: Parameters<ErrorRequestHandler>[2], error: BodyReadError): void {
  if (error.type === 'entity.parse.failed') sendGithubError(res, 400, 'Problems parsing JSON');
  else if (error.type === 'entity.too.large') sendGithubError(res, 413, 'Request body too large');
  else sendGithubError(res, error.status, error.message);
}

function isBodyReadError(error: unknown): error is BodyReadError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Partial<BodyReadError>;
  return (
    typeof candidate.type === 'string' &&
    typeof candidate.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500
  );
}
