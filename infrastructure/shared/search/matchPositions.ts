import type { MatchPosition, SearchDocument } from '../../../application/shared/ports/searchIndex.port.js';
import { stringAtPath } from './documentPath.js';
import { type KeywordQuery, normalizedTerm, type WordToken, wordTokens } from './searchText.js';

// How much of a word the query matched: all of it for an equal term, else the typed prefix
// when the last term is a prefix of it (Meilisearch highlights `conf` in `config` the same way).
function matchedLength(token: WordToken, keywords: KeywordQuery): number {
  const word = normalizedTerm(token.text);
  if (keywords.terms.includes(word)) return token.text.length;
  const last = keywords.terms.at(-1);
  if (!keywords.lastTermIsPrefix || last === undefined || !word.startsWith(last)) return 0;
  // Lower-casing can change a word's length (İ); then the whole word is the only honest span.
  return word.length === token.text.length ? last.length : token.text.length;
}

function positionsIn(text: string, keywords: KeywordQuery): MatchPosition[] {
  return wordTokens(text).flatMap((token) => {
    const length = matchedLength(token, keywords);
    return length > 0 ? [{ start: token.start, length }] : [];
  });
}

// Per searchable attribute holding one string, the UTF-16 offsets of every matched word.
export function matchPositions(document: SearchDocument, searchableAttributes: readonly string[], keywords: KeywordQuery): Record<string, MatchPosition[]> {
  const matches: Record<string, MatchPosition[]> = {};
  if (keywords.terms.length === 0) return matches;
  for (const attribute of searchableAttributes) {
    const text = stringAtPath(document, attribute);
    const positions = text === undefined ? [] : positionsIn(text, keywords);
    if (positions.length > 0) matches[attribute] = positions;
  }
  return matches;
}
