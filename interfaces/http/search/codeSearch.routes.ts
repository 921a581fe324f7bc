import type { Router } from 'express';
import type { CodeSearchQuery, FoundCode } from '../../../application/search/codeSearch.query.js';
import { pathInUrl, urlsOf, type ApiUrls } from '../shared/apiUrls.js';
import { minimalRepository } from '../repositories/repository.encoders.js';
import { searchRequestOf, sendSearchPage } from './searchRequest.js';

function contentsUrl({ file, repository, owner }: FoundCode, urls: ApiUrls): string {
  return urls.api(`/repos/${owner.login}/${repository.name}/contents/${pathInUrl(file.path)}?ref=${encodeURIComponent(file.commit)}`);
}

// GitHub's code-search-result-item: the file at the default branch's commit it was indexed
// from, its repository as lists show it (with the caller's permissions), and where it matched.
export function codeSearchRoutes(router: Router, query: CodeSearchQuery): void {
  router.get('/search/code', async (req, res) => {
    const request = searchRequestOf(req, res);
    const urls = urlsOf(res);
    await sendSearchPage(
      req,
      res,
      request,
      await query.search(request),
      (found) => {
        const { file, repository, owner, role, lineNumbers } = found;
        const fullName = `${owner.login}/${repository.name}`;
        return {
          name: file.filename,
          path: file.path,
          sha: file.sha,
          url: contentsUrl(found, urls),
          git_url: urls.api(`/repos/${fullName}/git/blobs/${file.sha}`),
          html_url: urls.html(`/${fullName}/blob/${encodeURIComponent(file.commit)}/${pathInUrl(file.path)}`),
          repository: minimalRepository(repository, owner, urls, role),
          file_size: file.size,
          language: file.language === '' ? null : file.language,
          last_modified_at: new Date(file.indexed).toISOString(),
          line_numbers: [...lineNumbers],
        };
      },
      (found) => contentsUrl(found, urls),
      'FileContent',
    );
  });
}
