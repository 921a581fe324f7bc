import type { Router } from 'express';
import type { FoundIssue, IssueSearchQuery } from '../../../application/search/issueSearch.query.js';
import { issueJson, type RepositoryPaths } from '../issues/issues.encoders.js';
import { urlsOf, type ApiUrls } from '../shared/apiUrls.js';
import { searchRequestOf, sendSearchPage } from './searchRequest.js';

const pathsOf = ({ repository, owner }: FoundIssue, urls: ApiUrls): RepositoryPaths => ({ fullName: `${owner.login}/${repository.name}`, urls });

// GitHub's issue-search-result-item has no closed_by (not in its description, old or new, nor
// in GitHub's recorded answer): who closed an issue is read from the issue itself.
const searchItemOf = ({ closed_by: _closedBy, ...item }: ReturnType<typeof issueJson>) => item;

// GitHub's issue-search-result-item: an issue as the issues endpoints show it (a pull request
// with its pull_request links and draft), its repository named by repository_url only.
export function issueSearchRoutes(router: Router, query: IssueSearchQuery): void {
  router.get('/search/issues', async (req, res) => {
    const request = searchRequestOf(req, res);
    const urls = urlsOf(res);
    await sendSearchPage(
      req,
      res,
      request,
      await query.search(request),
      (found) => ({
        ...searchItemOf(issueJson(found.issue, found, pathsOf(found, urls))),
        ...(found.draft === null ? {} : { draft: found.draft }),
      }),
      (found) => urls.api(`/repos/${pathsOf(found, urls).fullName}/issues/${found.issue.number}`),
      'Issue',
      // GitHub's text match in a comment names the comment.
      (found, subject) => urls.api(`/repos/${pathsOf(found, urls).fullName}/issues/comments/${subject.id}`),
    );
  });
}
