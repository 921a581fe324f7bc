// Code points HFS+ ignores when it compares names (git's utf8.c, next_hfs_char): on a Mac
// `.g\u200cit` opens the same directory as `.git`.
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

// git's is_hfs_dotgit: `.git` in any case once the ignored code points are removed.
const isHfsDotGit = (segment: string): boolean => segment.replace(HFS_IGNORED, '').toLowerCase() === '.git';

// git's is_ntfs_dotgit: `.git` or its 8.3 short name `git~1`, in any case, followed only by
// spaces and dots (which NTFS drops), up to the end or a backslash (a separator there).
const isNtfsDotGit = (segment: string): boolean => /^(\.git|git~1)[ .]*(\\|$)/i.test(segment);

// One name in a tree as git's fsck accepts it (fsck_tree: no empty name, `.`, `..`, nor
// anything a checkout on Windows or macOS would write into `.git`).
export function isValidTreeSegment(segment: string): boolean {
  return segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\0') && !isHfsDotGit(segment) && !isNtfsDotGit(segment);
}

// A path inside a tree (`docs/a.md`): relative, and every segment valid.
export function isValidTreePath(path: string): boolean {
  return path !== '' && path.split('/').every(isValidTreeSegment);
}
