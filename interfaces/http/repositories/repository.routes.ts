import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { EditRepositoryInput } from '../../../application/repositories/editRepository.handler.js';
import { asDecided } from '../../../application/repositories/decidedRepository.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendNotFound, sendValidationFailed } from '../shared/respond.js';
import { CreateRepositoryBody, EditRepositoryBody, ReplaceTopicsBody, TransferRepositoryBody } from './repositories.codecs.js';
import type { RepositoriesDeps } from './repositories.deps.js';
import { minimalRepository } from './repository.encoders.js';
import { sendFullRepository } from './repositoryResponses.js';
import { accessCallerOf, repositoryScopeOf } from './repositoryScope.js';

function privateFrom(body: { private?: boolean; visibility?: 'public' | 'private' }): boolean | undefined {
  return body.private ?? (body.visibility === undefined ? undefined : body.visibility === 'private');
}

function editInput(body: t.TypeOf<typeof EditRepositoryBody>): EditRepositoryInput {
  const input = {
    name: body.name,
    description: body.description,
    homepage: body.homepage,
    private: privateFrom(body),
    hasIssues: body.has_issues,
    hasProjects: body.has_projects,
    hasWiki: body.has_wiki,
    deleteBranchOnMerge: body.delete_branch_on_merge,
    defaultBranch: body.default_branch,
    archived: body.archived,
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as EditRepositoryInput;
}

// Creating, reading, editing, deleting and transferring one repository, and its topics.
export function repositoryRoutes(router: Router, deps: RepositoriesDeps): void {
  const create = (organization: (req: Request) => string | null) => async (req: Request, res: Response) => {
    const body = decodeInput(CreateRepositoryBody, bodyOrEmpty(req.body), 'Repository');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { name, description, homepage, has_issues, has_projects, has_wiki, delete_branch_on_merge, auto_init } = body.right;
    const created = await deps.createRepository.execute(
      accessCallerOf(res)!,
      {
        organizationLogin: organization(req),
        name,
        description,
        homepage,
        private: privateFrom(body.right),
        hasIssues: has_issues,
        hasProjects: has_projects,
        hasWiki: has_wiki,
        deleteBranchOnMerge: delete_branch_on_merge,
        autoInit: auto_init,
      },
      commandContext(req, res, deps.clock.now()),
    );
    if (isLeft(created)) return sendAppError(res, created.left);
    await sendFullRepository(res, deps, created.right.repositoryId, 201);
  };
  router.post(
    '/user/repos',
    requireUser,
    create(() => null),
  );
  router.post(
    '/orgs/:org/repos',
    requireUser,
    create((req) => String(req.params.org)),
  );

  router.get('/repos/:owner/:repo', async (_req: Request, res: Response) => {
    await sendFullRepository(res, deps, repositoryScopeOf(res).repository.id, 200);
  });

  router.patch('/repos/:owner/:repo', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(EditRepositoryBody, bodyOrEmpty(req.body), 'Repository');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { repository } = repositoryScopeOf(res);
    const edited = await deps.editRepository.execute(accessCallerOf(res), repository.id, editInput(body.right), commandContext(req, res, deps.clock.now()));
    if (isLeft(edited)) return sendAppError(res, edited.left);
    // As this edit left it, not as the read model shows it after other requests (renames at once).
    await sendFullRepository(res, deps, repository.id, 200, (document) => asDecided(document, edited.right));
  });

  router.delete('/repos/:owner/:repo', requireUser, async (req: Request, res: Response) => {
    const deleted = await deps.deleteRepository.execute(accessCallerOf(res), repositoryScopeOf(res).repository.id, commandContext(req, res, deps.clock.now()));
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });

  // GitHub answers a transfer with 202 and the repository as it now is.
  router.post('/repos/:owner/:repo/transfer', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(TransferRepositoryBody, bodyOrEmpty(req.body), 'Repository');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { repository } = repositoryScopeOf(res);
    const input = { newOwner: body.right.new_owner, newName: body.right.new_name };
    const transferred = await deps.transferRepository.execute(accessCallerOf(res), repository.id, input, commandContext(req, res, deps.clock.now()));
    if (isLeft(transferred)) return sendAppError(res, transferred.left);
    const moved = await deps.repositories.byId(repository.id);
    const owner = moved && (await deps.repositories.accountsByIds([moved.owner_id])).get(moved.owner_id);
    if (!moved || !owner) return sendNotFound(res);
    res.status(202).json(minimalRepository(moved, owner, urlsOf(res), await deps.access.roleFor(accessCallerOf(res), moved)));
  });

  router.get('/repos/:owner/:repo/topics', (_req: Request, res: Response) => {
    res.json({ names: repositoryScopeOf(res).repository.topics });
  });

  router.put('/repos/:owner/:repo/topics', requireUser, async (req: Request, res: Response) => {
    const body = decodeInput(ReplaceTopicsBody, bodyOrEmpty(req.body), 'Repository');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { repository } = repositoryScopeOf(res);
    const replaced = await deps.replaceTopics.execute(accessCallerOf(res), repository.id, body.right.names, commandContext(req, res, deps.clock.now()));
    if (isLeft(replaced)) return sendAppError(res, replaced.left);
    res.json({ names: replaced.right });
  });
}
