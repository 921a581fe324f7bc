// A tree entry's mode for a symbolic link (its blob holds the target).
export const SYMLINK_MODE = '120000';

// Code points HFS+ ignores when it compares names (git's utf8.c, next_hfs_char): on a Mac
// `.g\u200cit` opens the same directory as `.git`.
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

// git's is_hfs_dotgit: `.git` in any case once the ignored code points are removed.
const isHfsDotGit = (segment: string): boolean => segment.replace(HFS_IGNORED, '').toLowerCase() === '.git';

// git's is_ntfs_dotgit: `.git` or its 8.3 short name `git~1`, in any case, followed only by
// spaces and dots (which NTFS drops), up to the end or a colon (an alternate data stream:
// `.git::$INDEX_ALLOCATION`), as any part of the name between backslashes (a separator
// there: `foo\.git` is a `.git` directory inside `foo` on Windows).
const isNtfsDotGit = (segment: string): boolean => segment.split('\\').some((part) => /^(\.git|git~1)[ .]*(:|$)/i.test(part));

// `.gitmodules` as HFS+ or NTFS reads it (git's is_hfs_dotgitmodules, is_ntfs_dotgitmodules:
// the short names `gitmod~1` to `gitmod~4`, and `gi7eba~N` past them): git's fsck refuses
// one that is a symlink.
export const isDotGitModules = (segment: string): boolean =>
  segment.replace(HFS_IGNORED, '').toLowerCase() === '.gitmodules' || /^(\.gitmodules|gitmod~[1-4]|gi7eba~[1-9]\d*)[ .]*(:|$)/i.test(segment);

// `.gitattributes` as HFS+ or NTFS reads it (is_hfs_dotgitattributes, is_ntfs_dotgitattributes:
// `gitatt~1` to `gitatt~4`, then `gi7d29~N`): git's fsck reads it as a file, and refuses one
// that is not a blob or whose lines are too long to parse.
export const isDotGitAttributes = (segment: string): boolean =>
  segment.replace(HFS_IGNORED, '').toLowerCase() === '.gitattributes' || /^(\.gitattributes|gitatt~[1-4]|gi7d29~[1-9]\d*)[ .]*(:|$)/i.test(segment);

// The files git's fsck reads the content of, by the name a tree gives them.
export const fsckCheckedFile = (segment: string): '.gitmodules' | '.gitattributes' | null =>
  isDotGitModules(segment) ? '.gitmodules' : isDotGitAttributes(segment) ? '.gitattributes' : null;

// A name for reading: what any tree may already hold (imported, pushed before pushes were
// checked) is read, only a path that could climb out or is not one is refused.
export function isReadablePath(path: string): boolean {
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\0'));
}

// git's fsck refuses a name longer than this many bytes (largePathname, max_tree_entry_len;
// git 2.43 and later), so a clone checking objects fails on a tree holding one.
const MAX_NAME_BYTES = 4096;

// UTF-8 bytes of a name, as git counts them (strlen of the entry's name).
function utf8Length(segment: string): number {
  let bytes = 0;
  for (const character of segment) {
    const code = character.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

// One name in a tree as git's fsck accepts it (fsck_tree: no empty name, `.`, `..`, nor
// anything a checkout on Windows or macOS would write into `.git`, nor one over 4,096 bytes).
export function isValidTreeSegment(segment: string): boolean {
  return (
    segment !== '' &&
    segment !== '.' &&
    segment !== '..' &&
    !segment.includes('\0') &&
    !isHfsDotGit(segment) &&
    !isNtfsDotGit(segment) &&
    (segment.length * 3 <= MAX_NAME_BYTES || utf8Length(segment) <= MAX_NAME_BYTES)
  );
}

// A path inside a tree (`docs/a.md`): relative, and every segment valid.
export function isValidTreePath(path: string): boolean {
  return path !== '' && path.split('/').every(isValidTreeSegment);
}
