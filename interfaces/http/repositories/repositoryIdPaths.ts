import type { RequestHandler } from 'express';
import type { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { sendNotFound } from '../shared/respond.js';

const ID_PATH = /^\/repositories\/(\d{1,15})(\/[^?]*)?(\?.*)?$/;

// GitHub's id-based paths: /repositories/{id} and everything under it answer as
// /repos/{owner}/{name}/... does (GitHub's own Link headers use them, and clients follow
// them). The request is rewritten to the named path before the /repos scope, so every area
// mounted after it, and the access decision, apply unchanged; an id no repository has is 404.
export function repositoryIdPaths(repositories: RepositoryQueries): RequestHandler {
  return async (req, res, next) => {
    if (!req.url.startsWith('/repositories/')) return next();
    const match = ID_PATH.exec(req.url);
    if (!match) return next();
    const repository = await repositories.byId(Number(match[1]));
    const owner = repository ? (await repositories.accountsByIds([repository.owner_id])).get(repository.owner_id) : undefined;
    if (!repository || !owner) return sendNotFound(res);
    req.url = `/repos/${owner.login}/${repository.name}${match[2] ?? ''}${match[3] ?? ''}`;
    next();
  };
}
