import * as t from 'io-ts';

const Signature = t.intersection([t.type({ name: t.string, email: t.string }), t.partial({ date: t.string })]);

// POST /repos/{owner}/{repo}/git/blobs
export const CreateBlobBody = t.intersection([t.type({ content: t.string }), t.partial({ encoding: t.string })]);

// POST /repos/{owner}/{repo}/git/trees
// `mode` is checked with the other rules of an entry (treeBuilder.ts), where a missing or
// numeric one answers GitHub's "Must supply a valid tree.mode"; `content: null` is no content.
export const TreeEntryBody = t.intersection([
  t.type({
    path: t.string,
    type: t.keyof({ blob: null, tree: null, commit: null }),
  }),
  t.partial({ mode: t.unknown, sha: t.union([t.string, t.null]), content: t.union([t.string, t.null]) }),
]);
export const CreateTreeBody = t.intersection([t.type({ tree: t.array(TreeEntryBody) }), t.partial({ base_tree: t.string })]);

// POST /repos/{owner}/{repo}/git/commits (`signature`: an ASCII-armored detached signature)
export const CreateCommitBody = t.intersection([
  t.type({ message: t.string, tree: t.string }),
  t.partial({ parents: t.array(t.string), author: Signature, committer: Signature, signature: t.string }),
]);

// POST /repos/{owner}/{repo}/git/refs, PATCH .../git/refs/{ref}
export const CreateRefBody = t.intersection([t.type({ ref: t.string, sha: t.string }), t.partial({ key: t.string })]);
export const UpdateRefBody = t.intersection([t.type({ sha: t.string }), t.partial({ force: t.boolean })]);

// POST /repos/{owner}/{repo}/git/tags
export const CreateTagBody = t.intersection([
  t.type({ tag: t.string, message: t.string, object: t.string, type: t.keyof({ commit: null, tree: null, blob: null }) }),
  t.partial({ tagger: Signature }),
]);

// PUT /repos/{owner}/{repo}/contents/{path}
export const PutContentBody = t.intersection([
  t.type({ message: t.string, content: t.string }),
  t.partial({ sha: t.string, branch: t.string, author: Signature, committer: Signature }),
]);

// DELETE /repos/{owner}/{repo}/contents/{path}
// GitHub's schema requires the sha, so a deletion without one is refused before the file is looked for.
export const DeleteContentBody = t.intersection([
  t.type({ message: t.string, sha: t.string }),
  t.partial({ branch: t.string, author: Signature, committer: Signature }),
]);
