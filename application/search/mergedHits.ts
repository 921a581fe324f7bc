import type { MatchPosition, SearchHit } from '../shared/ports/searchIndex.port.js';

type Matches = NonNullable<SearchHit<unknown>['matches']>;

// Every position either found, in order, each once.
function unionOf(a: Matches | undefined, b: Matches | undefined): Matches | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  const union: Record<string, readonly MatchPosition[]> = { ...a };
  for (const [attribute, positions] of Object.entries(b)) {
    const seen = new Map((union[attribute] ?? []).map((position) => [`${position.start}:${position.length}`, position]));
    for (const position of positions) seen.set(`${position.start}:${position.length}`, position);
    union[attribute] = [...seen.values()].sort((x, y) => x.start - y.start || x.length - y.length);
  }
  return union;
}

// One document several alternatives (OR) found: its text matches show every word any of them
// matched; its score is the best one's, or their sum where keywords match any (label search:
// a label more of the words find ranks above one fewer find).
export function combinedHit<D>(known: SearchHit<D> | undefined, hit: SearchHit<D>, addScores: boolean): SearchHit<D> {
  if (known === undefined) return hit;
  const best = known.score < hit.score ? hit : known;
  const matches = unionOf(known.matches, hit.matches);
  return { document: best.document, score: addScores ? known.score + hit.score : best.score, ...(matches === undefined ? {} : { matches }) };
}
