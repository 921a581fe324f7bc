import type { Router } from 'express';
import type { CommitSearchQuery, FoundCommit } from '../../../application/search/commitSearch.query.js';
import { simpleUser } from '../accounts/users.encoders.js';
import { encodeRepositoryCommit } from '../gitdata/branches.encoders.js';
import { minimalRepository } from '../repositories/repository.encoders.js';
import { urlsOf, type ApiUrls } from '../shared/apiUrls.js';
import { requirePreview } from '../shared/mediaType.js';
import { searchRequestOf, sendSearchPage } from './searchRequest.js';

// GitHub's commit-search-result-item: the repository's commit (dates with the commit's own
// offset, as GitHub's commit search shows them), the accounts its emails name, and the
// repository with the caller's permissions when signed in.
function commitItem({ commit, repository, owner, role, author, committer }: FoundCommit, urls: ApiUrls, signedIn: boolean) {
  const fullName = `${owner.login}/${repository.name}`;
  const encoded = encodeRepositoryCommit({ urls, fullName, repositoryId: repository.id }, commit.hash, {
    tree: commit.tree,
    parents: commit.parents,
    author: { name: commit.author_name, email: commit.author_email, date: commit.author_date_text },
    committer: { name: commit.committer_name, email: commit.committer_email, date: commit.committer_date_text },
    message: commit.message,
    // The index keeps no signatures: a search result reads unsigned.
    signature: null,
    payload: null,
  });
  return {
    ...encoded,
    author: author === null ? null : simpleUser(author, urls),
    committer: committer === null ? null : simpleUser(committer, urls),
    repository: minimalRepository(repository, owner, urls, signedIn ? role : null),
  };
}

// GET /search/commits: still behind the cloak preview, as in the reference.
export function commitSearchRoutes(router: Router, query: CommitSearchQuery): void {
  router.get('/search/commits', requirePreview('cloak'), async (req, res) => {
    const request = searchRequestOf(req, res);
    const urls = urlsOf(res);
    await sendSearchPage(
      req,
      res,
      request,
      await query.search(request),
      (found) => commitItem(found, urls, request.caller !== null),
      ({ commit, repository, owner }) => urls.api(`/repos/${owner.login}/${repository.name}/commits/${commit.hash}`),
      'Commit',
    );
  });
}
