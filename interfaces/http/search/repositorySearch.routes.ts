import type { Router } from 'express';
import type { RepositorySearchQuery } from '../../../application/search/repositorySearch.query.js';
import { urlsOf } from '../shared/apiUrls.js';
import { MERGE_SETTINGS, minimalRepository } from '../repositories/repository.encoders.js';
import { searchRequestOf, sendSearchPage } from './searchRequest.js';

// GitHub's repo-search-result-item: a repository as lists show it, with the legacy
// master_branch and the caller's permissions when signed in.
export function repositorySearchRoutes(router: Router, query: RepositorySearchQuery): void {
  router.get('/search/repositories', async (req, res) => {
    const request = searchRequestOf(req, res);
    const urls = urlsOf(res);
    const signedIn = request.caller !== null;
    await sendSearchPage(
      req,
      res,
      request,
      await query.search(request),
      ({ repository, owner, role, openIssues, language }) => ({
        ...minimalRepository(repository, owner, urls, signedIn ? role : null, openIssues),
        language,
        ...MERGE_SETTINGS,
        master_branch: repository.default_branch,
        mirror_url: null,
      }),
      ({ repository, owner }) => urls.api(`/repos/${owner.login}/${repository.name}`),
      'Repository',
    );
  });
}
