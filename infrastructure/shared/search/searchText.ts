// A word is a run of anything but whitespace, punctuation and symbols, close to how
// Meilisearch's tokenizer splits Latin text; indexing, querying and match positions all use
// this one definition, so a position is reported exactly where a term was matched.
const WORD = /[^\s\p{Z}\p{P}\p{S}]+/gu;

export interface WordToken {
  readonly text: string;
  readonly start: number; // UTF-16 offset in the source string
}

export function wordTokens(text: string): WordToken[] {
  return Array.from(text.matchAll(WORD), (match) => ({ text: match[0], start: match.index }));
}

export function normalizedTerm(word: string): string {
  return word.toLowerCase();
}

export interface KeywordQuery {
  readonly terms: readonly string[];
  readonly lastTermIsPrefix: boolean;
}

// As in Meilisearch, the last word is a prefix unless a separator follows it: the user has
// finished typing it.
export function parseKeywords(q: string): KeywordQuery {
  const tokens = wordTokens(q);
  const last = tokens.at(-1);
  return {
    terms: tokens.map((token) => normalizedTerm(token.text)),
    lastTermIsPrefix: last !== undefined && last.start + last.text.length === q.length,
  };
}
