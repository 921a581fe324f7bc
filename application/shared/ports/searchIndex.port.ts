// One parsed form for filters; each adapter translates it (Meilisearch filter strings,
// or evaluation in process), so search logic is never written twice.
export type FilterValue = string | number | boolean;
export type SearchFilter =
  | { readonly field: string; readonly op: '=' | '!=' | '>' | '>=' | '<' | '<='; readonly value: FilterValue }
  | { readonly field: string; readonly op: 'in'; readonly values: readonly FilterValue[] }
  | { readonly field: string; readonly op: 'exists' }
  | { readonly and: readonly SearchFilter[] }
  | { readonly or: readonly SearchFilter[] }
  | { readonly not: SearchFilter };

export interface IndexSettings {
  readonly primaryKey: string;
  readonly searchableAttributes: readonly string[];
  readonly filterableAttributes: readonly string[];
  readonly sortableAttributes: readonly string[];
  // Filterable attributes only ever compared as ranges (dates, counts, sizes). Most of their
  // values are held by one document each, so the embedded index keeps no equality postings
  // for them (an equality on one is still answered, by evaluation); Meilisearch ignores it.
  readonly rangeAttributes?: readonly string[];
}

export interface SearchQuery {
  // Keywords in Meilisearch's syntax: words (all must match; the last one is a prefix unless
  // a space follows it), "quoted phrases" (words in that order), -word and -"phrase" to
  // exclude. Empty matches every document.
  readonly q: string;
  // The searchable attributes the keywords are looked for in (all of them when absent).
  readonly fields?: readonly string[];
  // A search still running after this long answers with what it found so far, marked incomplete.
  readonly timeLimitMs?: number;
  readonly filter?: SearchFilter;
  readonly sort?: readonly { readonly field: string; readonly direction: 'asc' | 'desc' }[];
  readonly offset?: number;
  readonly limit?: number;
  readonly withMatchPositions?: boolean;
}

// A match within one attribute's string value: character offsets, as GitHub's text-match indices.
export interface MatchPosition {
  readonly start: number;
  readonly length: number;
}

export interface SearchHit<T> {
  // Read only: the embedded index hands out its own (frozen) copy.
  readonly document: T;
  readonly score: number; // higher is better, comparable within one result set
  readonly matches?: Readonly<Record<string, readonly MatchPosition[]>>;
}

export interface SearchResult<T> {
  readonly hits: readonly SearchHit<T>[];
  readonly total: number;
  // The time limit ran out: hits and total are what was found before it did.
  readonly incomplete?: boolean;
}

export type SearchDocument = Record<string, unknown>;

export interface SearchIndex {
  ensureIndex(index: string, settings: IndexSettings): Promise<void>;
  upsert(index: string, documents: readonly SearchDocument[]): Promise<void>;
  delete(index: string, ids: readonly (string | number)[]): Promise<void>;
  search<T extends SearchDocument = SearchDocument>(index: string, query: SearchQuery): Promise<SearchResult<T>>;
  count(index: string): Promise<number>;
  listIndexes(): Promise<string[]>;
  dropIndex(index: string): Promise<void>;
  // Atomically exchanges two indexes' contents; how a rebuild switches over.
  swapIndexes(a: string, b: string): Promise<void>;
  close(): Promise<void>;
}
