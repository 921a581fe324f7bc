import type { ContentEntry } from '../../../application/gitdata/contents.service.js';
import { pathInUrl } from '../shared/apiUrls.js';
import type { RepositoryUrls } from './gitdata.encoders.js';
import type { DownloadQuery } from './downloadTokens.js';
import { wrappedBase64 } from './wrappedBase64.js';

// GitHub's content objects: the links of an entry and, for a file read alone, its content. A
// private repository's download_url carries its token (downloadTokens.ts).
export function encodeContentEntry({ urls, fullName }: RepositoryUrls, ref: string, entry: ContentEntry, downloadQuery?: DownloadQuery) {
  const self = urls.api(`/repos/${fullName}/contents/${pathInUrl(entry.path)}?ref=${encodeURIComponent(ref)}`);
  const git =
    entry.type === 'dir'
      ? urls.api(`/repos/${fullName}/git/trees/${entry.sha}`)
      : entry.type === 'submodule'
        ? null
        : urls.api(`/repos/${fullName}/git/blobs/${entry.sha}`);
  // GitHub: a submodule not hosted on github.com has neither git nor html URL.
  const html =
    entry.type === 'submodule' ? null : urls.html(`/${fullName}/${entry.type === 'dir' ? 'tree' : 'blob'}/${pathInUrl(ref)}/${pathInUrl(entry.path)}`);
  const download =
    entry.type === 'file' || entry.type === 'symlink'
      ? urls.html(`/${fullName}/raw/${pathInUrl(ref)}/${pathInUrl(entry.path)}`) + (downloadQuery?.(`${ref}/${entry.path}`) ?? '')
      : null;
  return {
    type: entry.type,
    size: entry.size,
    name: entry.name,
    path: entry.path,
    sha: entry.sha,
    url: self,
    git_url: git,
    html_url: html,
    download_url: download,
    _links: { self, git, html },
  };
}

// An entry of a directory listing: GitHub lists a submodule with type "file", a documented
// quirk kept for compatibility (read alone, it is a "submodule").
export function encodeDirectoryEntry(at: RepositoryUrls, ref: string, entry: ContentEntry, downloadQuery?: DownloadQuery) {
  const encoded = encodeContentEntry(at, ref, entry, downloadQuery);
  return entry.type === 'submodule' ? { ...encoded, type: 'file' } : encoded;
}

// GitHub: a file over 1 MB comes without its bytes (content "", encoding "none"), which the
// raw media type or git/blobs read.
const LARGEST_INLINE_FILE_BYTES = 1024 * 1024;

export function encodeContentFile(at: RepositoryUrls, ref: string, entry: ContentEntry, downloadQuery?: DownloadQuery) {
  const encoded = encodeContentEntry(at, ref, entry, downloadQuery);
  if (entry.type === 'symlink') return { ...encoded, target: Buffer.from(entry.content ?? new Uint8Array()).toString('utf8') };
  if (entry.type === 'submodule') return { ...encoded, submodule_git_url: entry.submoduleUrl ?? null };
  if (entry.size > LARGEST_INLINE_FILE_BYTES) return { ...encoded, encoding: 'none', content: '' };
  return { ...encoded, encoding: 'base64', content: wrappedBase64(entry.content ?? new Uint8Array()) };
}

// GitHub's object media type on a directory: the directory itself with its listing as
// `entries`. The described schema requires `content` and `encoding`; a directory has no
// bytes, so they read as GitHub's "not given" pair (a large file's `""` and `none`).
export function encodeContentTree(at: RepositoryUrls, ref: string, directory: ContentEntry, entries: readonly ContentEntry[], downloadQuery?: DownloadQuery) {
  return {
    ...encodeContentEntry(at, ref, directory),
    content: '',
    encoding: 'none',
    entries: entries.map((entry) => encodeDirectoryEntry(at, ref, entry, downloadQuery)),
  };
}
