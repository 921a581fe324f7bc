import { foldCase } from '../../domain/search/codeTrigrams.js';
import type { MatchPosition } from '../shared/ports/searchIndex.port.js';

// A term of a code search: a word or a quoted phrase, found as a substring, in any case.
export interface CodeTerm {
  readonly text: string;
  readonly negated: boolean;
}

export interface CodeTextFields {
  readonly file: boolean;
  readonly path: boolean;
}

export interface CodeMatch {
  readonly score: number;
  readonly content: readonly MatchPosition[];
  readonly path: readonly MatchPosition[];
}

// Past this many, a file's matches are not all listed (its fragment shows the first ones).
const MAX_POSITIONS = 100;

function occurrences(folded: string, needle: string, limit: number): MatchPosition[] {
  const positions: MatchPosition[] = [];
  if (needle === '') return positions;
  for (let at = folded.indexOf(needle); at >= 0 && positions.length < limit; at = folded.indexOf(needle, at + needle.length)) {
    positions.push({ start: at, length: needle.length });
  }
  return positions;
}

// Whether a file really holds the terms (the trigram index only narrows the candidates): each
// positive term in its content or path (as in: says), no negated one in either; where they
// are, and a score: a term in the path counts most, then how often terms occur in the content.
export function matchCode(file: { readonly path: string; readonly content: string }, terms: readonly CodeTerm[], fields: CodeTextFields): CodeMatch | null {
  const content = fields.file ? foldCase(file.content) : '';
  const path = fields.path ? foldCase(file.path) : '';
  const inContent: MatchPosition[] = [];
  const inPath: MatchPosition[] = [];
  let score = 1;
  for (const term of terms) {
    const needle = foldCase(term.text);
    const hereContent = fields.file ? occurrences(content, needle, MAX_POSITIONS) : [];
    const herePath = fields.path ? occurrences(path, needle, MAX_POSITIONS) : [];
    const found = hereContent.length + herePath.length > 0;
    if (term.negated) {
      if (found) return null;
      continue;
    }
    if (!found) return null;
    inContent.push(...hereContent);
    inPath.push(...herePath);
    score += (herePath.length > 0 ? 10 : 0) + Math.log2(1 + hereContent.length);
  }
  const byStart = (a: MatchPosition, b: MatchPosition) => a.start - b.start;
  return { score, content: inContent.sort(byStart).slice(0, MAX_POSITIONS), path: inPath.sort(byStart) };
}

// The 1-based numbers of the lines the matches are on, as GitHub's line_numbers lists them.
export function lineNumbersOf(content: string, positions: readonly MatchPosition[]): string[] {
  const lines = new Set<number>();
  let line = 1;
  let scanned = 0;
  for (const { start } of positions) {
    for (; scanned < start; scanned++) if (content.charCodeAt(scanned) === 10) line++;
    lines.add(line);
  }
  return [...lines].map(String);
}
