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

// The words alone, normalized, as wordTokens would give them: what indexing needs, without an
// object per word for its position.
export function normalizedWords(text: string): string[] {
  const words = text.match(WORD) ?? [];
  for (let i = 0; i < words.length; i++) words[i] = normalizedTerm(words[i]!);
  return words;
}

export function normalizedTerm(word: string): string {
  return word.toLowerCase();
}

export interface KeywordQuery {
  // Every word that must match (phrases' words included), normalized.
  readonly terms: readonly string[];
  readonly lastTermIsPrefix: boolean;
  // Runs of words that must appear in this order, next to each other.
  readonly phrases: readonly (readonly string[])[];
  // Words and phrases a document must not hold.
  readonly excluded: readonly (readonly string[])[];
  // What MiniSearch is asked for: the positive words, space-separated.
  readonly positiveText: string;
}

const PART = /(-?)"([^"]*)"?|(-?)([^\s"]+)/g;

// Meilisearch's keyword syntax: words, "phrases", and a leading - to exclude a word or phrase.
// As in Meilisearch, the last word is a prefix unless a separator follows it: the user has
// finished typing it.
export function parseKeywords(q: string): KeywordQuery {
  const terms: string[] = [];
  const phrases: string[][] = [];
  const excluded: string[][] = [];
  let lastTermIsPrefix = false;
  for (const match of q.matchAll(PART)) {
    const negated = (match[1] ?? match[3]) === '-';
    const quoted = match[2] !== undefined;
    const text = quoted ? match[2]! : match[4]!;
    const words = wordTokens(text).map((token) => normalizedTerm(token.text));
    if (words.length === 0) continue;
    if (negated) {
      excluded.push(words);
      continue;
    }
    terms.push(...words);
    if (quoted && words.length > 1) phrases.push(words);
    const tokens = wordTokens(text);
    const last = tokens.at(-1)!;
    lastTermIsPrefix = !quoted && match.index + match[0].length === q.length && last.start + last.text.length === text.length;
  }
  return { terms, lastTermIsPrefix, phrases, excluded, positiveText: terms.join(' ') + (lastTermIsPrefix ? '' : ' ') };
}

// Whether the words of `text`, normalized, hold `words` in a row.
export function holdsSequence(text: string, words: readonly string[]): boolean {
  const found = wordTokens(text).map((token) => normalizedTerm(token.text));
  outer: for (let start = 0; start + words.length <= found.length; start++) {
    for (let index = 0; index < words.length; index++) if (found[start + index] !== words[index]) continue outer;
    return true;
  }
  return false;
}
