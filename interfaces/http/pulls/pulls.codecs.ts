import * as t from 'io-ts';

const nullableString = t.union([t.string, t.null]);

// POST /repos/{owner}/{repo}/pulls; GitHub ignores fields it does not know. Opening a pull
// request from an existing issue (`issue`) is not supported: title is required.
export const CreatePullRequestBody = t.intersection([
  t.type({ title: t.string, head: t.string, base: t.string }),
  t.partial({ body: nullableString, draft: t.boolean, maintainer_can_modify: t.boolean }),
]);

// PATCH /repos/{owner}/{repo}/pulls/{pull_number}
export const UpdatePullRequestBody = t.partial({
  title: t.string,
  body: nullableString,
  state: t.keyof({ open: null, closed: null }),
  base: t.string,
  maintainer_can_modify: t.boolean,
});

// PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge
export const MergePullRequestBody = t.partial({
  commit_title: t.string,
  commit_message: t.string,
  sha: t.string,
  merge_method: t.keyof({ merge: null, squash: null, rebase: null }),
});

// GET /repos/{owner}/{repo}/pulls query parameters (each a single string when present).
export const ListPullRequestsQuery = t.partial({
  state: t.keyof({ open: null, closed: null, all: null }),
  head: t.string,
  base: t.string,
  sort: t.keyof({ created: null, updated: null, popularity: null, 'long-running': null }),
  direction: t.keyof({ asc: null, desc: null }),
});
