import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { GitObjectsService } from '../../../application/gitdata/gitObjects.service.js';
import { GitRefsService } from '../../../application/gitdata/gitRefs.service.js';
import { pathInUrl, urlsOf } from '../shared/apiUrls.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { sendAppError } from '../shared/respond.js';
import { repositoryScopeOf } from '../repositories/repositoryScope.js';
import { encodeRepositoryCommit } from './branches.encoders.js';
import type { RepositoryUrls } from './gitdata.encoders.js';

function branchName(req: Request): string {
  const value = req.params.branch as unknown;
  return Array.isArray(value) ? value.join('/') : String(value ?? '');
}

// The branches and commits clients read around Git Data and contents: GET .../branches,
// .../branches/{branch} and .../commits/{ref} (a branch, a tag or a SHA).
export function branchesRoutes(router: Router, container: Container): void {
  const refs = container.get(GitRefsService);
  const objects = container.get(GitObjectsService);
  const at = (res: Response): RepositoryUrls => ({
    urls: urlsOf(res),
    fullName: `${repositoryScopeOf(res).owner.login}/${repositoryScopeOf(res).repository.name}`,
    repositoryId: repositoryScopeOf(res).repository.id,
  });

  router.get('/repos/:owner/:repo/branches', async (req, res) => {
    const branches = await refs.matching(repositoryScopeOf(res).repository, 'heads/');
    if (isLeft(branches)) return branches.left._tag === 'GitRepositoryEmpty' ? void res.json([]) : sendAppError(res, branches.left);
    const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
    setLinkHeader(req, res, { page, perPage, totalCount: branches.right.length });
    const { urls, fullName } = at(res);
    res.json(
      branches.right.slice((page - 1) * perPage, page * perPage).map((branch) => ({
        name: branch.ref.slice('refs/heads/'.length),
        commit: { sha: branch.sha, url: urls.api(`/repos/${fullName}/commits/${branch.sha}`) },
        protected: false,
      })),
    );
  });

  router.get('/repos/:owner/:repo/branches/*branch', async (req, res) => {
    const name = branchName(req);
    const branch = await refs.ref(repositoryScopeOf(res).repository, `heads/${name}`);
    if (isLeft(branch)) return sendAppError(res, branch.left._tag === 'GitRefNotFound' ? { _tag: 'GitObjectNotFound' } : branch.left);
    const commit = await objects.commit(repositoryScopeOf(res).repository, branch.right.sha);
    if (isLeft(commit)) return sendAppError(res, commit.left);
    const { urls, fullName } = at(res);
    const self = urls.api(`/repos/${fullName}/branches/${pathInUrl(name)}`);
    res.json({
      name,
      commit: encodeRepositoryCommit(at(res), commit.right.sha, commit.right.commit),
      _links: { self, html: urls.html(`/${fullName}/tree/${pathInUrl(name)}`) },
      protected: false,
      protection: { enabled: false, required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } },
      protection_url: `${self}/protection`,
    });
  });

  router.get('/repos/:owner/:repo/commits/:ref', async (req, res) => {
    const repository = repositoryScopeOf(res).repository;
    const ref = String(req.params.ref);
    let sha = ref;
    if (!/^[0-9a-f]{40}$/.test(ref)) {
      const named = await refs.ref(repository, `heads/${ref}`);
      const tagged = isLeft(named) ? await refs.ref(repository, `tags/${ref}`) : named;
      if (isLeft(tagged)) return sendAppError(res, tagged.left._tag === 'GitRefNotFound' ? { _tag: 'GitObjectNotFound' } : tagged.left);
      sha = tagged.right.sha;
    }
    const commit = await objects.commit(repository, sha);
    if (isLeft(commit)) return sendAppError(res, commit.left);
    res.json(encodeRepositoryCommit(at(res), commit.right.sha, commit.right.commit));
  });
}
