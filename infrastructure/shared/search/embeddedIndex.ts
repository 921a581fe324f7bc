import type { IndexSettings, SearchDocument, SearchHit, SearchQuery, SearchResult } from '../../../application/shared/ports/searchIndex.port.js';
import { isCoveredBy, valuesAtPath } from './documentPath.js';
import { cloneDocument } from '../readModels/documentClone.js';
import { freezeDocument } from '../readModels/documentFreeze.js';
import { equalValues } from '../readModels/equalValues.js';
import { EqualityPostings } from './equalityPostings.js';
import { KeywordIndex } from './keywordIndex.js';
import { matchPositions } from './matchPositions.js';
import { assertValidFilter, matchesFilter } from './searchFilter.evaluate.js';
import { pagingOf } from './searchPaging.js';
import { type RankedDocument, rankedOrder } from './searchSort.compare.js';
import { holdsSequence, type KeywordQuery, normalizedWords, parseKeywords } from './searchText.js';

// Below this many documents left by a filter's equalities, keywords are matched in them
// directly instead of through the whole keyword index.
const FEW_CANDIDATES = 2048;

// The first `count` of `items` in `order`, in that order: a selection, not a sort of all of
// them (a search page needs the best thirty of fifty thousand, not their full order).
function firstInOrder<T>(items: T[], order: (a: T, b: T) => number, count: number): T[] {
  if (items.length <= count * 4) return items.sort(order).slice(0, count);
  const best: T[] = [];
  for (const item of items) {
    if (best.length === count && order(item, best[count - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (order(best[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}

// Meilisearch's rule for document ids, enforced here too so data that works embedded works there.
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,511}$/;

export function documentKey(id: unknown): string {
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return String(id);
  if (typeof id === 'string' && DOCUMENT_ID.test(id)) return id;
  throw new Error(`invalid document id ${JSON.stringify(id)}: use a non-negative integer or [A-Za-z0-9_-]{1,511}`);
}

function leafTexts(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(leafTexts);
  return [];
}

function searchableText(document: SearchDocument, attribute: string): string | undefined {
  // A plain attribute holding one text (a title, a body) is that text: no list made and
  // joined for it, for every document indexed (with documentPath.ts's direct read of a list,
  // a new document of four searchable attributes indexed in 11-13 µs, 14-18 before).
  if (!attribute.includes('.') && Object.hasOwn(document, attribute) && typeof document[attribute] === 'string') return document[attribute];
  const texts = valuesAtPath(document, attribute).flatMap(leafTexts);
  return texts.length > 0 ? texts.join(' ') : undefined;
}

function wordsIn(document: SearchDocument, attribute: string): string[] {
  return normalizedWords(searchableText(document, attribute) ?? '');
}

// The snapshot keeps the documents only: the keyword index is rebuilt from them on restore.
export interface EmbeddedIndexState {
  readonly settings: IndexSettings;
  readonly documents: readonly SearchDocument[];
}

// One index: a keyword index over the searchable attributes for keywords and scores
// (keywordIndex.ts), equality postings for filters, and the documents themselves by key for
// filters, sorting and hits. Stored documents are private copies, never changed in place.
export class EmbeddedIndex {
  private readonly postings: EqualityPostings;
  private readonly keywords: KeywordIndex;

  private constructor(
    readonly settings: IndexSettings,
    private readonly documents: Map<string, SearchDocument>,
  ) {
    // Range attributes (dates, counts) are compared by ranges: no equality postings for them.
    const equalityFields = settings.filterableAttributes.filter((field) => !settings.rangeAttributes?.includes(field));
    this.postings = new EqualityPostings(equalityFields, () => this.documents);
    this.keywords = new KeywordIndex(settings.searchableAttributes);
    for (const [key, document] of documents) this.keywords.add(key, (field) => wordsIn(document, field));
  }

  static create(settings: IndexSettings, documents: readonly SearchDocument[] = []): EmbeddedIndex {
    if (settings.searchableAttributes.includes('*')) throw new Error('list searchable attributes explicitly, not *');
    const index = new EmbeddedIndex(settings, new Map());
    index.upsert(documents);
    return index;
  }

  static restore(state: EmbeddedIndexState): EmbeddedIndex {
    const byKey = new Map(state.documents.map((document) => [documentKey(document[state.settings.primaryKey]), freezeDocument(document)]));
    if (byKey.size !== state.documents.length) throw new Error('two documents share a primary key');
    return new EmbeddedIndex(state.settings, byKey);
  }

  // Stored documents are never mutated, only replaced, so sharing them is safe.
  state(): EmbeddedIndexState {
    return { settings: this.settings, documents: this.documentList() };
  }

  documentList(): SearchDocument[] {
    return [...this.documents.values()];
  }

  get count(): number {
    return this.documents.size;
  }

  // Every document is checked before any is applied, so a bad batch changes nothing.
  upsert(documents: readonly SearchDocument[]): void {
    const keyed = documents.map((document) => {
      // A private copy, frozen: hits hand it out as it is (a code search reads hundreds of
      // files' text per query; copying each cost more than finding it). cloneDocument, not
      // structuredClone: it keeps the caller's strings (immutable) rather than copying each
      // title and body, and shares the maps of V8's hidden classes between copies.
      const copy = freezeDocument(cloneDocument(document));
      return [documentKey(copy[this.settings.primaryKey]), copy] as const;
    });
    for (const [key, document] of keyed) {
      const existing = this.documents.get(key);
      this.documents.set(key, document);
      if (existing === undefined) {
        this.postings.add(key, document);
        this.keywords.add(key, (field) => wordsIn(document, field));
        continue;
      }
      // A replacement moves only what changed: most change a count or a date, no word.
      this.postings.replace(key, existing, document);
      if (this.settings.searchableAttributes.some((attribute) => !equalValues(valuesAtPath(existing, attribute), valuesAtPath(document, attribute)))) {
        this.keywords.add(key, (field) => wordsIn(document, field));
      }
    }
  }

  delete(ids: readonly (string | number)[]): void {
    for (const key of ids.map(documentKey)) this.remove(key);
  }

  private remove(key: string): void {
    const existing = this.documents.get(key);
    if (existing === undefined) return;
    this.documents.delete(key);
    this.postings.remove(key, existing);
    this.keywords.remove(key);
  }

  search<T extends SearchDocument>(query: SearchQuery): SearchResult<T> {
    this.assertQuery(query);
    const { offset, limit } = pagingOf(query);
    const keywords = parseKeywords(query.q);
    const fields = query.fields ?? this.settings.searchableAttributes;
    const deadline = query.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + query.timeLimitMs;
    const { filter } = query;
    // A filter of equalities only is answered by its postings: no document read to evaluate it.
    // When they give its documents exactly, as a set (one attribute's values, or bits combined),
    // those are the candidates and no key is tested; otherwise each candidate is tested.
    const exact = filter === undefined ? null : this.postings.exactKeys(filter);
    const admits = filter === undefined ? null : exact !== null ? (key: string) => exact.has(key) : this.postings.exactTest(filter);
    const allowed = filter === undefined ? null : (exact ?? this.postings.candidates(filter));
    const candidates = this.keywordMatches(keywords, fields, allowed, admits, exact !== null);
    const filtered: RankedDocument[] = [];
    let incomplete = false;
    for (let index = 0; index < candidates.length; index++) {
      // The clock is read once every 64 documents: a read costs more than a filter does.
      if ((index & 63) === 63 && Date.now() >= deadline) {
        incomplete = true;
        break;
      }
      const candidate = candidates[index]!;
      if (filter !== undefined && admits === null && !matchesFilter(candidate.document, filter)) continue;
      if (!this.holdsPhrasesAndExclusions(candidate.document, keywords, fields)) continue;
      filtered.push(candidate);
    }
    const page = firstInOrder(filtered, rankedOrder(query.sort ?? [], this.settings.primaryKey), offset + limit).slice(offset);
    const hits = page.map((ranked) => this.hit<T>(ranked, query, keywords, fields));
    return incomplete ? { hits, total: filtered.length, incomplete } : { hits, total: filtered.length };
  }

  private holdsPhrasesAndExclusions(document: SearchDocument, keywords: KeywordQuery, fields: readonly string[]): boolean {
    if (keywords.phrases.length === 0 && keywords.excluded.length === 0) return true;
    const texts = fields.map((field) => searchableText(document, field) ?? '');
    if (!keywords.phrases.every((phrase) => texts.some((text) => holdsSequence(text, phrase)))) return false;
    return !keywords.excluded.some((words) => texts.some((text) => holdsSequence(text, words)));
  }

  // Documents the keywords match (all of them without keywords), narrowed to the filter's
  // equality postings when it has some.
  // `admits`, when given, answers the filter exactly: documents it refuses are left out here.
  // `allowedExactly`: `allowed` is exactly the documents `admits` admits.
  private keywordMatches(
    keywords: KeywordQuery,
    fields: readonly string[],
    allowed: ReadonlySet<string> | null,
    admits: ((key: string) => boolean) | null,
    allowedExactly = false,
  ): RankedDocument[] {
    const matched: RankedDocument[] = [];
    // Keys taken from the exact set need no test; keyword matches (below) still do.
    const amongAllowed = allowedExactly ? null : admits;
    if (keywords.terms.length === 0) {
      for (const key of allowed ?? this.documents.keys())
        if (amongAllowed === null || amongAllowed(key)) matched.push({ document: this.documents.get(key)!, score: 1 });
      return matched;
    }
    if (allowed !== null && allowed.size <= FEW_CANDIDATES) return this.matchesAmong(allowed, keywords, fields, amongAllowed);
    this.keywords.eachMatch(keywords.terms, keywords.lastTermIsPrefix, fields, (key, score) => {
      if (admits === null || admits(key)) matched.push({ document: this.documents.get(key)!, score });
    });
    return matched;
  }

  // Keywords looked for in a few documents (a repository's issues, an author's) directly,
  // rather than scoring every document that holds them: every term must appear in one of the
  // fields, as MiniSearch's AND; the score grows with how often, per length of text.
  private matchesAmong(
    keys: ReadonlySet<string>,
    keywords: KeywordQuery,
    fields: readonly string[],
    admits: ((key: string) => boolean) | null,
  ): RankedDocument[] {
    const matched: RankedDocument[] = [];
    const last = keywords.terms.length - 1;
    for (const key of keys) {
      if (admits !== null && !admits(key)) continue;
      const document = this.documents.get(key)!;
      const words = fields.flatMap((field) => normalizedWords(searchableText(document, field) ?? ''));
      let score = 0;
      for (const [position, term] of keywords.terms.entries()) {
        const prefix = keywords.lastTermIsPrefix && position === last;
        let frequency = 0;
        for (const word of words) if (prefix ? word.startsWith(term) : word === term) frequency++;
        if (frequency === 0) {
          score = -1;
          break;
        }
        score += 1 + Math.log(frequency);
      }
      if (score > 0) matched.push({ document, score: score / Math.sqrt(words.length) });
    }
    return matched;
  }

  private hit<T extends SearchDocument>(ranked: RankedDocument, query: SearchQuery, keywords: KeywordQuery, fields: readonly string[]): SearchHit<T> {
    const document = ranked.document as T;
    if (!query.withMatchPositions) return { document, score: ranked.score };
    return { document, score: ranked.score, matches: matchPositions(document, fields, keywords) };
  }

  private assertQuery(query: SearchQuery): void {
    if (query.filter !== undefined) assertValidFilter(query.filter, this.settings.filterableAttributes);
    for (const field of query.fields ?? []) {
      if (!this.settings.searchableAttributes.includes(field)) throw new Error(`attribute ${field} is not searchable`);
    }
    const sortable = [...this.settings.sortableAttributes, this.settings.primaryKey];
    for (const { field } of query.sort ?? []) {
      if (!isCoveredBy(field, sortable)) throw new Error(`attribute ${field} is not sortable`);
    }
  }
}
