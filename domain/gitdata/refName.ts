const UTF8 = new TextEncoder();

// git check-ref-format's rules, plus GitHub's for creating: a full name under refs/ with at
// least two slashes (refs/heads/x), never only a prefix.
export function isValidRefName(name: string): boolean {
  // Each part is a file name, with git's .lock beside it (at most 255 bytes), the whole at
  // most 1,024 characters.
  if (!name.startsWith('refs/') || name.split('/').length < 3 || name.length > 1024) return false;
  if (name.split('/').some((part) => UTF8.encode(part).length > 250)) return false;
  if (name.endsWith('/') || name.endsWith('.') || name.includes('..') || name.includes('//') || name.includes('@{')) return false;
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return false;
  // No part may end in .lock (git's lock file of a ref beside it), the last nor any other.
  return name.split('/').every((part) => part !== '' && !part.startsWith('.') && !part.endsWith('.lock'));
}

// Why a ref cannot be created, in GitHub's words: a name under refs/ with fewer than three
// parts is told so; any other invalid name, that it is not valid.
export const refNameRefusal = (ref: string): string =>
  ref.startsWith('refs/') && ref.split('/').length < 3
    ? 'Reference name must contain at least three slash-separated components.'
    : `${ref} is not a valid ref name.`;

// The ref named in a URL (`heads/main`) as git names it (`refs/heads/main`).
export const fullRefName = (path: string): string => (path.startsWith('refs/') ? path : `refs/${path}`);

export const SHA_PATTERN = /^[0-9a-f]{40}$/;

// A pull request's refs (refs/pull/<n>/head, /merge): forgelog moves them, a push may not
// (GitHub's hidden refs).
export const isPullRequestRef = (ref: string): boolean => ref.startsWith('refs/pull/');

// A branch or tag whose own name begins with refs/ (refs/heads/refs/heads/x): GitHub blocks
// new ones since March 2023, as ambiguous with the full name of another ref; those that
// exist may still be moved and deleted.
export const isRefsPrefixedName = (ref: string): boolean => /^refs\/(heads|tags)\/refs\//.test(ref);

export const refsPrefixedRefusal = (ref: string): string => `${ref} is not a valid ref name: a branch or tag name may not begin with refs/`;
