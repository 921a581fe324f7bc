import { wordsOf } from './searchWords.js';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SearchError } from '../../domain/search/search.errors.js';
import { SEARCH_QUALIFIERS } from '../../domain/search/searchQualifiers.js';
import { checkSearchQuery, nothingApplies } from '../../domain/search/searchQualifiers.js';
import { eachKeywordApart } from './anyKeyword.js';
import { combinedHit } from './mergedHits.js';
import { SearchProjects } from './searchProjects.js';
import { parseSearchQuery, type SearchTerm } from '../../domain/search/searchQuery.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { SearchDocument, SearchFilter, SearchHit, SearchIndex, SearchQuery } from '../shared/ports/searchIndex.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { sortAttribute, type QualifierContext, type QualifierTerm, type SearchEndpointDefinition } from './searchEndpoint.js';
import { ACCOUNT_SCOPE_QUALIFIERS, accountScopeFilter } from './accountScope.js';
import { SCOPE_QUALIFIERS, SearchScope } from './searchScope.js';
import { SearchVisibility } from './searchVisibility.js';

// GitHub serves the first thousand results of any search, however many match.
export const SEARCH_RESULT_CAP = 1000;

export interface SearchSettings {
  // A search still running after this long answers with what it found: incomplete_results.
  readonly timeLimitMs: number;
}
export const SEARCH_SETTINGS = Symbol.for('forgelog.SearchSettings');

export interface SearchRequest {
  readonly q: string | undefined;
  readonly sort: string | undefined;
  readonly order: string | undefined;
  readonly page: number;
  readonly perPage: number;
  readonly caller: AccessCaller;
  readonly callerLogin: string | null;
  readonly withTextMatches: boolean;
  // A filter the endpoint adds from its own parameters (labels: repository_id).
  readonly extraFilter?: SearchFilter;
}

export interface SearchOutcome<D extends SearchDocument> {
  readonly totalCount: number;
  readonly incomplete: boolean;
  readonly hits: readonly SearchHit<D>[];
  // The attributes keywords were looked for in: where text matches come from.
  readonly searchedFields: readonly string[];
}

interface CompiledAlternative {
  readonly keywords: string;
  readonly hasTerm: boolean;
  // Its keywords hold no word at all (`☃`, `!`): the index would take them for no keywords
  // and answer every document; they match none.
  readonly matchesNothing: boolean;
  readonly fields: readonly string[];
  readonly filters: readonly SearchFilter[];
}

type Qualifier = QualifierTerm;

function keywordOf(term: Extract<SearchTerm, { kind: 'text' }>): string {
  const text = term.phrase ? `"${term.text}"` : term.text;
  return term.negated ? `-${text}` : text;
}

function joined(filters: readonly SearchFilter[]): SearchFilter | undefined {
  if (filters.length === 0) return undefined;
  return filters.length === 1 ? filters[0] : { and: filters };
}

// One search: the query parsed once and checked against the endpoint's qualifiers, each
// alternative (OR) compiled into keywords, fields and filters, visibility added, the index
// asked for the page (or every alternative for the first pages, merged), capped at 1,000.
@injectable()
export class SearchRunner {
  constructor(
    @inject(TOKENS.SearchIndex) private readonly index: SearchIndex,
    @inject(SearchScope) private readonly scope: SearchScope,
    @inject(SearchVisibility) private readonly visibility: SearchVisibility,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
    @inject(SearchProjects) private readonly projects: SearchProjects,
  ) {}

  async search<D extends SearchDocument>(definition: SearchEndpointDefinition, request: SearchRequest): Promise<Either<SearchError, SearchOutcome<D>>> {
    if (definition.requiresAuthentication && request.caller === null) return left({ _tag: 'SearchNeedsAuthentication' });
    const parsed = parseSearchQuery(request.q, request.callerLogin);
    if (parsed._tag === 'Left') return parsed;
    const checked = checkSearchQuery(parsed.right, definition.endpoint);
    if (checked._tag === 'Left') return checked;
    if (nothingApplies(checked.right, definition.endpoint)) return left({ _tag: 'SearchNothingApplies' });
    const offset = (request.page - 1) * request.perPage;
    if (offset >= SEARCH_RESULT_CAP) return left({ _tag: 'SearchBeyondFirstThousand' });
    // A page that begins within the first 1,000 is served whole, as GitHub serves page 34 of
    // 30 (results 991 to 1,020); the page after it is refused.
    const limit = request.perPage;
    const sort = this.sortOf(definition, request, checked.right.sort);
    const context: QualifierContext = {
      caller: request.caller,
      accountId: async (login) => (await this.repositories.accountByLogin(login))?.id ?? null,
      projectId: (name) => this.projects.idOf(name),
    };
    const alternatives: CompiledAlternative[] = [];
    const asked = definition.anyKeyword ? eachKeywordApart(checked.right.alternatives) : checked.right.alternatives;
    for (const terms of asked) {
      const compiled = await this.compile(definition, terms, context);
      if (compiled._tag === 'Left') return compiled;
      alternatives.push(compiled.right);
    }
    if (definition.needsTerm && !alternatives.every((alternative) => alternative.hasTerm)) return left({ _tag: 'SearchNeedsTerm' });
    const shared = [
      ...(definition.repositoryBound ? [await this.visibility.filterFor(request.caller)] : []),
      ...(request.extraFilter ? [request.extraFilter] : []),
    ].filter((filter): filter is SearchFilter => filter !== null);
    const queryOf = (alternative: CompiledAlternative, window: { offset: number; limit: number }): SearchQuery => ({
      q: alternative.keywords,
      fields: alternative.fields,
      filter: joined([...alternative.filters, ...shared]),
      sort,
      offset: window.offset,
      limit: window.limit,
      timeLimitMs: this.settings.timeLimitMs,
      withMatchPositions: request.withTextMatches,
    });
    const searchedFields = [...new Set(alternatives.flatMap((alternative) => alternative.fields))];
    const searched = alternatives.filter((alternative) => !alternative.matchesNothing);
    if (searched.length === 0) return right({ totalCount: 0, incomplete: false, hits: [], searchedFields });
    if (searched.length === 1) {
      const result = await this.index.search<D>(definition.index, queryOf(searched[0]!, { offset, limit }));
      return right({ totalCount: result.total, incomplete: result.incomplete ?? false, hits: result.hits, searchedFields });
    }
    return right(
      await this.merged<D>(
        definition,
        searched.map((alternative) => queryOf(alternative, { offset: 0, limit: offset + limit })),
        offset,
        limit,
        sort,
        searchedFields,
      ),
    );
  }

  // OR of alternatives: each is asked for the first offset + limit hits, and the union is
  // ranked as one (by the sort, else by score), each document once (combinedHit). An
  // alternative holding more than that, but no more than the 1,000 a search can page to, is
  // read whole: documents several alternatives hold are then counted once, so total_count
  // (and the last page Link names) does not change with per_page. Beyond 1,000, what lies
  // past the hits read is added as it is, a count no page can reach.
  private async merged<D extends SearchDocument>(
    definition: SearchEndpointDefinition,
    queries: readonly SearchQuery[],
    offset: number,
    limit: number,
    sort: SearchQuery['sort'],
    searchedFields: readonly string[],
  ): Promise<SearchOutcome<D>> {
    const best = new Map<string, SearchHit<D>>();
    let incomplete = false;
    let total = 0;
    for (const query of queries) {
      const window = await this.index.search<D>(definition.index, query);
      const readWhole = window.total > window.hits.length && window.total <= SEARCH_RESULT_CAP && !window.incomplete;
      const result = readWhole ? await this.index.search<D>(definition.index, { ...query, offset: 0, limit: window.total }) : window;
      incomplete ||= result.incomplete ?? false;
      for (const hit of result.hits) {
        const key = String(hit.document.id ?? JSON.stringify(hit.document));
        const known = best.get(key);
        if (known === undefined) total += 1;
        best.set(key, combinedHit(known, hit, definition.anyKeyword ?? false));
      }
      // What lies beyond the pages read is counted at most once per alternative.
      total += Math.max(0, result.total - result.hits.length);
    }
    const field = sort?.[0];
    const ranked = [...best.values()].sort((a, b) => {
      if (field) {
        const [x, y] = [a.document[field.field] as number, b.document[field.field] as number];
        if (x !== y) return (field.direction === 'asc' ? 1 : -1) * ((x ?? 0) < (y ?? 0) ? -1 : 1);
      }
      return b.score - a.score || compareIds(a.document.id, b.document.id);
    });
    return { totalCount: total, incomplete, hits: ranked.slice(offset, offset + limit), searchedFields };
  }

  private sortOf(definition: SearchEndpointDefinition, request: SearchRequest, inQuery: { field: string; order: 'asc' | 'desc' } | null): SearchQuery['sort'] {
    // `order` counts only with `sort`; an in-query sort: wins over the parameter.
    const name = inQuery?.field ?? request.sort;
    const field = sortAttribute(definition.sorts, name);
    if (field === undefined) return undefined;
    const direction = inQuery?.order ?? (request.order === 'asc' ? 'asc' : 'desc');
    return [{ field, direction }];
  }

  private async compile(
    definition: SearchEndpointDefinition,
    terms: readonly SearchTerm[],
    context: QualifierContext,
  ): Promise<Either<SearchError, CompiledAlternative>> {
    const table = SEARCH_QUALIFIERS[definition.endpoint];
    const keywords: string[] = [];
    const filters: SearchFilter[] = [];
    const scopeTerms: Qualifier[] = [];
    const accountTerms: Qualifier[] = [];
    let fields: readonly string[] = definition.defaultTextFields;
    filters.push(...(definition.defaultFilters?.(terms) ?? []));
    for (const term of terms) {
      if (term.kind === 'text') {
        keywords.push(keywordOf(term));
        continue;
      }
      if (!Object.hasOwn(table, term.key)) {
        // A key the endpoint does not know is looked for as text, as GitHub does.
        keywords.push(term.negated ? `-"${term.key}:${valueTextOf(term)}"` : `${term.key}:${valueTextOf(term)}`);
        continue;
      }
      if (term.key === 'in' && term.value.kind === 'value') {
        fields = [
          ...new Set(
            term.value.text
              .toLowerCase()
              .split(',')
              .flatMap((name) => definition.textFields[name] ?? []),
          ),
        ];
        continue;
      }
      if (definition.repositoryBound && (SCOPE_QUALIFIERS as readonly string[]).includes(term.key)) {
        scopeTerms.push(term);
        continue;
      }
      if (definition.accountScoped && ACCOUNT_SCOPE_QUALIFIERS.includes(term.key)) {
        accountTerms.push(term);
        continue;
      }
      const filter = await definition.qualifierFilter(term, context);
      if (filter._tag === 'Left') return filter;
      if (filter.right !== null) filters.push(term.negated ? { not: filter.right } : filter.right);
    }
    if (scopeTerms.length > 0) {
      const scoped = await this.scope.filterFor(scopeTerms, context.caller);
      if (scoped._tag === 'Left') return scoped;
      if (scoped.right !== null) filters.push(scoped.right);
    }
    const accounts = await accountScopeFilter(accountTerms, (login) => this.repositories.accountByLogin(login));
    if (accounts !== null) filters.push(accounts);
    const hasTerm = keywords.some((keyword) => !keyword.startsWith('-'));
    const matchesNothing = hasTerm && keywords.every((keyword) => keyword.startsWith('-') || wordsOf(keyword).length === 0);
    // A space after the last word: GitHub matches whole words, not prefixes of the last one.
    return right({ keywords: keywords.length === 0 ? '' : `${keywords.join(' ')} `, hasTerm, matchesNothing, fields, filters });
  }
}

function valueTextOf(term: Qualifier): string {
  return term.value.kind === 'value' ? term.value.text : `${term.value.from ?? '*'}..${term.value.to ?? '*'}`;
}

// Ties break by id: numbers as numbers, other ids (issue-123, pr-45) as text.
function compareIds(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}
