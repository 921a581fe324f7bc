// The logins an issue's text @mentions, as GitHub reads them: `@login` not preceded by a
// word character or a backquote (so e-mail addresses and `code` are left alone), logins
// by GitHub's rule (letters, digits, single inner hyphens, at most 39 characters). Lower-cased,
// each once, in order of first appearance.
const MENTION = /(?<![A-Za-z0-9_`/])@([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})(?![A-Za-z0-9_-])/g;

export function mentionedLogins(texts: readonly string[], limit: number): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    // Most texts mention no one: no '@', no match, and no regular expression run over them.
    if (!text.includes('@')) continue;
    for (const match of text.matchAll(MENTION)) {
      found.add(match[1]!.toLowerCase());
      if (found.size >= limit) return [...found];
    }
  }
  return [...found];
}
