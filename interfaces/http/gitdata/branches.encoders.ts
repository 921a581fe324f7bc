import type { ParsedCommit } from '../../../domain/gitdata/gitObjectText.js';
import { encodeCommit, type RepositoryUrls } from './gitdata.encoders.js';

// GitHub's `commit` (GET .../commits/{ref}, a branch's commit): the git commit inside, the
// accounts GitHub matched to its emails (none here: null, as for unknown emails).
export function encodeRepositoryCommit(at: RepositoryUrls, sha: string, commit: ParsedCommit) {
  const git = encodeCommit(at, sha, commit);
  const { urls, fullName } = at;
  return {
    sha,
    node_id: git.node_id,
    commit: {
      author: git.author,
      committer: git.committer,
      message: git.message,
      tree: git.tree,
      url: git.url,
      comment_count: 0,
      verification: git.verification,
    },
    url: urls.api(`/repos/${fullName}/commits/${sha}`),
    html_url: git.html_url,
    comments_url: urls.api(`/repos/${fullName}/commits/${sha}/comments`),
    author: null,
    committer: null,
    parents: commit.parents.map((parent) => ({
      sha: parent,
      url: urls.api(`/repos/${fullName}/commits/${parent}`),
      html_url: urls.html(`/${fullName}/commit/${parent}`),
    })),
  };
}
