import type { MatchPosition } from '../shared/ports/searchIndex.port.js';

// One item of a search answer: what the live read models hold (so an answer never shows a
// stale or hidden object), its score, and where the keywords matched in the searched text.
export interface Found<T> {
  readonly item: T;
  readonly score: number;
  // Per GitHub property (title, body, name...), the text searched and the matched spans.
  readonly textMatches: readonly FoundText[];
}

export interface FoundText {
  readonly property: string;
  readonly text: string;
  readonly matches: readonly MatchPosition[];
  // Another object than the item the text is a property of (an issue's comment); absent: the item.
  readonly subject?: TextMatchSubject;
}

export interface TextMatchSubject {
  readonly type: 'IssueComment';
  readonly id: number;
}

export interface SearchPage<T> {
  readonly totalCount: number;
  readonly incomplete: boolean;
  readonly items: readonly Found<T>[];
}

// The text matches of a hit, named by GitHub's property for each indexed attribute.
export function foundTexts(
  document: Readonly<Record<string, unknown>>,
  matches: Readonly<Record<string, readonly MatchPosition[]>> | undefined,
  properties: Readonly<Record<string, string>>,
): FoundText[] {
  if (matches === undefined) return [];
  return Object.entries(matches).flatMap(([attribute, positions]) => {
    const text = document[attribute];
    const property = properties[attribute] ?? attribute;
    return typeof text === 'string' && positions.length > 0 ? [{ property, text, matches: positions }] : [];
  });
}
