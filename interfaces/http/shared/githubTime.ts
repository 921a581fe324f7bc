// GitHub's timestamps carry whole seconds.
export function githubTime(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z');
}
