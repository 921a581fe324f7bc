import type { Response } from 'express';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import { fullRepository } from './repository.encoders.js';
import type { RepositoriesDeps } from './repositories.deps.js';
import { accessCallerOf } from './repositoryScope.js';
import { urlsOf } from '../shared/apiUrls.js';
import { sendNotFound } from '../shared/respond.js';

// Reads the repository back from the read model (the command has settled) and answers it
// as a full-repository, with the caller's permissions when there is a caller.
export async function sendFullRepository(
  res: Response,
  deps: Pick<RepositoriesDeps, 'repositories' | 'access' | 'embedded'>,
  repositoryId: number,
  status: number,
  // What a command decided, over what the read model shows (it may show later requests' doing).
  decided: (document: RepositoryDocument) => RepositoryDocument = (document) => document,
): Promise<void> {
  const read = await deps.repositories.byId(repositoryId);
  const repository = read && decided(read);
  const view = repository && (await deps.repositories.view(repository));
  if (!repository || !view) return sendNotFound(res);
  const caller = accessCallerOf(res);
  const role = caller === null ? null : await deps.access.roleFor(caller, repository);
  // A fork's parent and source only for a caller who may read them.
  const shown = { ...view, parent: await deps.embedded.visible(caller, view.parent), source: await deps.embedded.visible(caller, view.source) };
  res.status(status).json(fullRepository(shown, urlsOf(res), role));
}
