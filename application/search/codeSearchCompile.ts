import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { MAX_QUERY_TRIGRAMS, queryTrigramWords } from '../../domain/search/codeTrigrams.js';
import type { SearchError } from '../../domain/search/search.errors.js';
import { SEARCH_QUALIFIERS } from '../../domain/search/searchQualifiers.js';
import type { SearchTerm } from '../../domain/search/searchQuery.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';
import type { CodeTerm, CodeTextFields } from './codeMatches.js';
import { codeSearch } from './codeSearch.js';
import type { QualifierContext, QualifierTerm } from './searchEndpoint.js';
import { SCOPE_QUALIFIERS, SearchScope } from './searchScope.js';
import { valueText } from './qualifierFilters.js';

// One alternative (OR) of a code search: the terms each file is checked for, where, the
// trigram words that find the candidates, and the qualifiers' filters.
export interface CodeAlternative {
  readonly terms: readonly CodeTerm[];
  readonly fields: CodeTextFields;
  readonly trigramWords: readonly string[];
  readonly filters: readonly SearchFilter[];
}

const TOO_SHORT: SearchError = {
  _tag: 'SearchQueryInvalid',
  problem: 'Code search needs a term of at least 3 characters, or a filename: qualifier to search among.',
};

function fieldsOf(term: QualifierTerm): CodeTextFields {
  const named = valueText(term.value).toLowerCase().split(',');
  return { file: named.includes('file'), path: named.includes('path') };
}

// The shared runner compiles keywords into words; code search needs substrings, so its
// alternatives are compiled here, with the same qualifier table, scope and checks.
@injectable()
export class CodeSearchCompiler {
  constructor(
    @inject(SearchScope) private readonly scope: SearchScope,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
  ) {}

  async compile(terms: readonly SearchTerm[], caller: AccessCaller): Promise<Either<SearchError, CodeAlternative>> {
    const table = SEARCH_QUALIFIERS.code;
    const context: QualifierContext = {
      caller,
      accountId: async (login) => (await this.repositories.accountByLogin(login))?.id ?? null,
      // Code search has no project: qualifier.
      projectId: async () => null,
    };
    const codeTerms: CodeTerm[] = [];
    const filters: SearchFilter[] = [];
    const scopeTerms: QualifierTerm[] = [];
    let fields: CodeTextFields = { file: true, path: true };
    let namesFile = false;
    for (const term of terms) {
      if (term.kind === 'text') {
        // -word excludes, as in every search (the parser leaves it to the keyword syntax).
        const excluded = !term.phrase && term.text.length > 1 && term.text.startsWith('-');
        codeTerms.push({ text: excluded ? term.text.slice(1) : term.text, negated: term.negated || excluded });
      } else if (!Object.hasOwn(table, term.key)) {
        // A key code search does not know is text, as GitHub looks for it.
        codeTerms.push({ text: `${term.key}:${valueText(term.value)}`, negated: term.negated });
      } else if (term.key === 'in') {
        fields = fieldsOf(term);
      } else if ((SCOPE_QUALIFIERS as readonly string[]).includes(term.key)) {
        scopeTerms.push(term);
      } else {
        const filter = await codeSearch.qualifierFilter(term, context);
        if (filter._tag === 'Left') return filter;
        if (filter.right !== null) filters.push(term.negated ? { not: filter.right } : filter.right);
        namesFile ||= term.key === 'filename' && !term.negated;
      }
    }
    if (scopeTerms.length > 0) {
      const scoped = await this.scope.filterFor(scopeTerms, caller);
      if (scoped._tag === 'Left') return scoped;
      if (scoped.right !== null) filters.push(scoped.right);
    }
    const positive = codeTerms.filter((term) => !term.negated);
    // GitHub: at least one search term, unless filename: alone names what to list.
    if (positive.length === 0 && !namesFile) return left({ _tag: 'SearchNeedsTerm' });
    const trigramWords = [...new Set(positive.flatMap((term) => queryTrigramWords(term.text)))].slice(0, MAX_QUERY_TRIGRAMS);
    // Terms shorter than a trigram are checked in the files the others (or filename:) find;
    // alone they would mean reading every file.
    if (positive.length > 0 && trigramWords.length === 0 && !namesFile) return left(TOO_SHORT);
    return right({ terms: codeTerms, fields, trigramWords, filters });
  }
}
