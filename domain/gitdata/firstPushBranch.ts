// GitHub names the default branch of an empty repository on its first push: the configured
// default when the push creates it, otherwise the alphabetically first branch the push creates.
// Null: keep the default (the push creates it, or creates no branch).
export function firstPushDefaultBranch(defaultBranch: string, createdRefs: readonly string[]): string | null {
  const branches = createdRefs.filter((ref) => ref.startsWith('refs/heads/')).map((ref) => ref.slice('refs/heads/'.length));
  if (branches.length === 0 || branches.includes(defaultBranch)) return null;
  return [...branches].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0]!;
}
