// Paths inside a repository's tree: what a symlink points at, and which submodule
// `.gitmodules` places at a path.

// The path a symlink's target names, relative to the root, or null when it leaves the
// repository (absolute, or above the root) or names nothing.
export function symlinkTargetPath(linkPath: string, target: string): string | null {
  if (target === '' || target.startsWith('/') || target.includes('\0')) return null;
  const parts = linkPath.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

// The url of the submodule whose path is `path`, read from `.gitmodules` (git config syntax:
// `[submodule "name"]` sections; comments after # or ;, quoted values, a later value winning).
export function submoduleUrlAt(gitmodules: string, path: string): string | null {
  const sections = new Map<string, { path?: string; url?: string }>();
  let current: { path?: string; url?: string } | null = null;
  for (const line of gitmodules.split(/\r?\n/).map((text) => text.trim())) {
    if (line.startsWith('[')) {
      const name = /^\[\s*submodule\s+"((?:[^"\\]|\\.)*)"\s*\]/i.exec(line)?.[1];
      current = name === undefined ? null : (sections.get(name) ?? {});
      if (name !== undefined && current) sections.set(name, current);
      continue;
    }
    const setting = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/.exec(line);
    if (!current || !setting) continue;
    const key = setting[1]!.toLowerCase();
    if (key === 'path') current.path = configValue(setting[2] ?? '').replace(/\/+$/, '');
    if (key === 'url') current.url = configValue(setting[2] ?? '');
  }
  for (const section of sections.values()) if (section.path === path && section.url) return section.url;
  return null;
}

function configValue(raw: string): string {
  let value = '';
  let quoted = false;
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index]!;
    if (char === '"') quoted = !quoted;
    else if (char === '\\' && index + 1 < raw.length) {
      const escaped = raw[++index]!;
      value += escaped === 'n' ? '\n' : escaped === 't' ? '\t' : escaped;
    } else if (!quoted && (char === '#' || char === ';')) break;
    else value += char;
  }
  return value.trim();
}
