import type { Router } from 'express';
import type { UserSearchQuery } from '../../../application/search/userSearch.query.js';
import { publicUser } from '../accounts/users.encoders.js';
import { urlsOf } from '../shared/apiUrls.js';
import { searchRequestOf, sendSearchPage } from './searchRequest.js';

// GitHub's user-search-result-item: the account as GET /users/{username} shows it (only a
// public email), with its suspension.
export function userSearchRoutes(router: Router, query: UserSearchQuery): void {
  router.get('/search/users', async (req, res) => {
    const request = searchRequestOf(req, res);
    const urls = urlsOf(res);
    await sendSearchPage(
      req,
      res,
      request,
      await query.search(request),
      (account) => ({ ...publicUser(account, urls), suspended_at: account.suspended_at ?? null }),
      (account) => urls.api(`/users/${account.login}`),
      'User',
    );
  });
}
