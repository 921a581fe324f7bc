import type { Router } from 'express';
import type { FoundLabel, LabelSearchQuery } from '../../../application/search/labelSearch.query.js';
import { labelJson } from '../issues/issues.encoders.js';
import { urlsOf } from '../shared/apiUrls.js';
import { queryText, searchRequestOf, sendSearchPage } from './searchRequest.js';

// GitHub's label-search-result-item: a label as GET /repos/{owner}/{repo}/labels shows it.
// GitHub documents no paging here; page and per_page are taken as on the other searches.
export function labelSearchRoutes(router: Router, query: LabelSearchQuery): void {
  router.get('/search/labels', async (req, res) => {
    const request = searchRequestOf(req, res);
    const urls = urlsOf(res);
    const encode = ({ label, repositoryFullName }: FoundLabel) => labelJson(label, { fullName: repositoryFullName, urls });
    const page = await query.search(request, queryText(req, 'repository_id'));
    await sendSearchPage(req, res, request, page, encode, (found) => encode(found).url, 'Label');
  });
}
