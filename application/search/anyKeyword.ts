import type { SearchTerm } from '../../domain/search/searchQuery.js';

// GitHub's label search finds the labels that match any of the query's keywords (its own
// example, `q=bug+defect+enhancement`, answers both bug and enhancement): each wanted word or
// phrase becomes an alternative of its own, keeping the alternative's exclusions and
// qualifiers, so the runner's OR (a union, each document once) answers it.
export function eachKeywordApart(alternatives: readonly (readonly SearchTerm[])[]): (readonly SearchTerm[])[] {
  return alternatives.flatMap((terms) => {
    // `-word` is an exclusion (the runner hands it on as one), as is NOT word.
    const isWanted = (term: SearchTerm) => term.kind === 'text' && !term.negated && (term.phrase || !term.text.startsWith('-'));
    const wanted = terms.filter(isWanted);
    if (wanted.length <= 1) return [terms];
    const rest = terms.filter((term) => !isWanted(term));
    return wanted.map((word) => [word, ...rest]);
  });
}
