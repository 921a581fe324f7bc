import type { GitSignature, ParsedCommit, ParsedTag } from '../../../domain/gitdata/gitObjectText.js';
import type { BlobView, TreeView } from '../../../application/gitdata/gitObjects.service.js';
import type { RefView } from '../../../application/gitdata/gitRefs.service.js';
import { pathInUrl, type ApiUrls } from '../shared/apiUrls.js';
import { wrappedBase64 } from './wrappedBase64.js';

// GitHub's legacy node ids of git objects and refs: "<length of the type>:<Type><repository
// id>:<sha or ref>", so `refs/heads/main` (or one commit in a fork and its parent) has a
// node id of its own in each repository.
const nodeId = (kind: string, at: RepositoryUrls, key: string): string => Buffer.from(`0${kind.length}:${kind}${at.repositoryId}:${key}`).toString('base64');

// verified_at: when GitHub verified the signature (its newer descriptions list it); never, here.
const UNSIGNED = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };

export interface RepositoryUrls {
  readonly urls: ApiUrls;
  readonly fullName: string;
  readonly repositoryId: number;
}

const api = ({ urls, fullName }: RepositoryUrls, path: string): string => urls.api(`/repos/${fullName}/git/${path}`);

export function encodeShortBlob(at: RepositoryUrls, sha: string) {
  return { url: api(at, `blobs/${sha}`), sha };
}

export function encodeBlob(at: RepositoryUrls, blob: BlobView) {
  return {
    sha: blob.sha,
    node_id: nodeId('Blob', at, blob.sha),
    size: blob.size,
    url: api(at, `blobs/${blob.sha}`),
    content: wrappedBase64(blob.content),
    encoding: 'base64',
  };
}

export function encodeTree(at: RepositoryUrls, tree: TreeView) {
  return {
    sha: tree.sha,
    url: api(at, `trees/${tree.sha}`),
    tree: tree.entries.map((entry) => ({
      path: entry.path,
      mode: entry.mode,
      type: entry.type,
      sha: entry.sha,
      ...(entry.type === 'blob' ? { size: entry.size ?? 0 } : {}),
      ...(entry.type === 'commit' ? {} : { url: api(at, `${entry.type === 'blob' ? 'blobs' : 'trees'}/${entry.sha}`) }),
    })),
    truncated: tree.truncated,
  };
}

// forgelog holds no keys: a signed commit or tag reads as GitHub reads one signed by a key it does not know.
const verification = (signed: { signature: string | null; payload: string | null }) =>
  signed.signature === null ? UNSIGNED : { verified: false, reason: 'unknown_key', signature: signed.signature, payload: signed.payload, verified_at: null };

const signature = (who: GitSignature) => ({ name: who.name, email: who.email, date: who.date });

export function encodeCommit(at: RepositoryUrls, sha: string, commit: ParsedCommit) {
  return {
    sha,
    node_id: nodeId('Commit', at, sha),
    url: api(at, `commits/${sha}`),
    html_url: at.urls.html(`/${at.fullName}/commit/${sha}`),
    author: signature(commit.author),
    committer: signature(commit.committer),
    tree: { sha: commit.tree, url: api(at, `trees/${commit.tree}`) },
    // git ends a message with a newline; GitHub shows it without.
    message: commit.message.replace(/\n$/, ''),
    parents: commit.parents.map((parent) => ({ sha: parent, url: api(at, `commits/${parent}`), html_url: at.urls.html(`/${at.fullName}/commit/${parent}`) })),
    verification: verification(commit),
  };
}

export function encodeTag(at: RepositoryUrls, sha: string, tag: ParsedTag) {
  const kind = tag.type === 'commit' ? 'commits' : tag.type === 'tree' ? 'trees' : tag.type === 'blob' ? 'blobs' : 'tags';
  return {
    node_id: nodeId('Tag', at, sha),
    tag: tag.tag,
    sha,
    url: api(at, `tags/${sha}`),
    message: tag.message,
    tagger: tag.tagger ? signature(tag.tagger) : { name: '', email: '', date: new Date(0).toISOString() },
    object: { sha: tag.object, type: tag.type, url: api(at, `${kind}/${tag.object}`) },
    verification: verification(tag),
  };
}

export function encodeRef(at: RepositoryUrls, ref: RefView) {
  const kind = ref.type === 'tag' ? 'tags' : ref.type === 'tree' ? 'trees' : ref.type === 'blob' ? 'blobs' : 'commits';
  return {
    ref: ref.ref,
    node_id: nodeId('Ref', at, ref.ref),
    url: api(at, pathInUrl(ref.ref)),
    object: { type: ref.type, sha: ref.sha, url: api(at, `${kind}/${ref.sha}`) },
  };
}
