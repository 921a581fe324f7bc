import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SearchError } from '../../domain/search/search.errors.js';
import { checkSearchQuery } from '../../domain/search/searchQualifiers.js';
import { parseSearchQuery } from '../../domain/search/searchQuery.js';
import type { RepositoryPermission } from '../../domain/shared/access.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { SearchFilter, SearchIndex, SearchQuery } from '../shared/ports/searchIndex.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { lineNumbersOf, matchCode } from './codeMatches.js';
import { codeSearch, type CodeFile, type CodeSearchDocument } from './codeSearch.js';
import { CodeSearchCompiler, type CodeAlternative } from './codeSearchCompile.js';
import type { Found, FoundText, SearchPage } from './searchResults.js';
import { SEARCH_RESULT_CAP, SEARCH_SETTINGS, type SearchRequest, type SearchSettings } from './searchRunner.js';
import { SearchVisibility } from './searchVisibility.js';
import { sortAttribute } from './searchEndpoint.js';

export interface FoundCode {
  readonly file: CodeFile;
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
  readonly role: RepositoryPermission;
  readonly lineNumbers: readonly string[];
}

interface Verified {
  readonly id: string;
  readonly score: number;
  readonly indexed: number;
}

// Candidates are read from the index this many at a time.
const CANDIDATE_BATCH = 500;

function joined(filters: readonly SearchFilter[]): SearchFilter | undefined {
  if (filters.length === 0) return undefined;
  return filters.length === 1 ? filters[0] : { and: filters };
}

// GET /search/code: the trigram index finds candidates, each is checked against the file's
// text (a trigram match is not yet a substring match), and only then counted, ranked and
// paged; the page is loaded again with its matches, and answered from the live read models.
@injectable()
export class CodeSearchQuery {
  constructor(
    @inject(TOKENS.SearchIndex) private readonly index: SearchIndex,
    @inject(CodeSearchCompiler) private readonly compiler: CodeSearchCompiler,
    @inject(SearchVisibility) private readonly visibility: SearchVisibility,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
  ) {}

  async search(request: SearchRequest): Promise<Either<SearchError, SearchPage<FoundCode>>> {
    if (codeSearch.requiresAuthentication && request.caller === null) return left({ _tag: 'SearchNeedsAuthentication' });
    const parsed = parseSearchQuery(request.q, request.callerLogin);
    if (parsed._tag === 'Left') return parsed;
    const checked = checkSearchQuery(parsed.right, codeSearch.endpoint);
    if (checked._tag === 'Left') return checked;
    const offset = (request.page - 1) * request.perPage;
    if (offset >= SEARCH_RESULT_CAP) return left({ _tag: 'SearchBeyondFirstThousand' });
    const alternatives: CodeAlternative[] = [];
    for (const terms of checked.right.alternatives) {
      const compiled = await this.compiler.compile(terms, request.caller);
      if (compiled._tag === 'Left') return compiled;
      alternatives.push(compiled.right);
    }
    const visible = await this.visibility.filterFor(request.caller);
    const deadline = Date.now() + this.settings.timeLimitMs;
    const verified = new Map<string, Verified>();
    let incomplete = false;
    for (const alternative of alternatives) {
      incomplete = (await this.verifyCandidates(alternative, visible, deadline, verified)) || incomplete;
      if (incomplete) break;
    }
    const sortName = checked.right.sort?.field ?? request.sort;
    const sortField = sortAttribute(codeSearch.sorts, sortName);
    const ascending = (checked.right.sort?.order ?? request.order) === 'asc';
    const ranked = [...verified.values()].sort((a, b) => {
      if (sortField !== undefined && a.indexed !== b.indexed) return (ascending ? 1 : -1) * (a.indexed - b.indexed);
      return b.score - a.score || b.indexed - a.indexed || (a.id < b.id ? -1 : 1);
    });
    const limit = Math.min(request.perPage, SEARCH_RESULT_CAP - offset);
    const page = ranked.slice(offset, offset + limit);
    return right({ totalCount: ranked.length, incomplete, items: await this.loaded(page, alternatives, request.caller) });
  }

  // Reads every candidate of one alternative, keeps those that really match (at their best
  // score across alternatives); true when the time limit ran out first.
  private async verifyCandidates(
    alternative: CodeAlternative,
    visible: SearchFilter | null,
    deadline: number,
    verified: Map<string, Verified>,
  ): Promise<boolean> {
    const fields = [...(alternative.fields.file ? ['trigrams'] : []), ...(alternative.fields.path ? ['path_trigrams'] : [])];
    const query: SearchQuery = {
      // A space after the last word: every trigram whole, none a prefix.
      q: alternative.trigramWords.length === 0 ? '' : `${alternative.trigramWords.join(' ')} `,
      fields,
      filter: joined([...alternative.filters, ...(visible === null ? [] : [visible])]),
      sort: [{ field: 'indexed', direction: 'desc' }],
      limit: CANDIDATE_BATCH,
    };
    for (let offset = 0; ; offset += CANDIDATE_BATCH) {
      const remaining = Math.max(0, deadline - Date.now());
      const result = await this.index.search<CodeSearchDocument>(codeSearch.index, { ...query, offset, timeLimitMs: remaining });
      for (const { document } of result.hits) {
        const match = matchCode(document, alternative.terms, alternative.fields);
        if (match === null) continue;
        const known = verified.get(document.id);
        if (known === undefined || known.score < match.score) verified.set(document.id, { id: document.id, score: match.score, indexed: document.indexed });
      }
      if (result.incomplete) return true;
      if (result.hits.length < CANDIDATE_BATCH || offset + CANDIDATE_BATCH >= result.total) return false;
      // Candidates are left and the time is up: what was found so far is the answer.
      if (Date.now() >= deadline) return true;
    }
  }

  private async loaded(page: readonly Verified[], alternatives: readonly CodeAlternative[], caller: SearchRequest['caller']): Promise<Found<FoundCode>[]> {
    if (page.length === 0) return [];
    const fetched = await this.index.search<CodeSearchDocument>(codeSearch.index, {
      q: '',
      filter: { field: 'id', op: 'in', values: page.map((hit) => hit.id) },
      limit: page.length,
    });
    const byId = new Map(fetched.hits.map((hit) => [hit.document.id, hit.document]));
    const repositoryIds = [...new Set([...byId.values()].map((document) => document.repository_id))];
    const repositories = new Map((await this.repositories.byIds(repositoryIds)).map((repository) => [repository.id, repository]));
    const owners = await this.repositories.accountsByIds([...repositories.values()].map((repository) => repository.owner_id));
    const roleOf = await this.access.rolesFor(caller, [...repositories.values()]);
    return page.flatMap((hit) => {
      const document = byId.get(hit.id);
      const repository = document && repositories.get(document.repository_id);
      const owner = repository && owners.get(repository.owner_id);
      if (!document || !repository || !owner) return [];
      const role = roleOf(repository);
      if (role === 'none') return [];
      const match = alternatives.map((alternative) => matchCode(document, alternative.terms, alternative.fields)).find((found) => found !== null);
      if (!match) return [];
      const { content } = document;
      const file: CodeFile = {
        path: document.path,
        filename: document.filename,
        basename: document.basename,
        extension: document.extension,
        directory: document.directory,
        directories: document.directories,
        language: document.language,
        size: document.size,
        sha: document.sha,
        commit: document.commit,
        indexed: document.indexed,
      };
      const textMatches: FoundText[] = [
        ...(match.content.length > 0 ? [{ property: 'content', text: content, matches: match.content }] : []),
        ...(match.path.length > 0 ? [{ property: 'path', text: document.path, matches: match.path }] : []),
      ];
      const lineNumbers = lineNumbersOf(content, match.content);
      return [{ item: { file, repository, owner, role, lineNumbers }, score: hit.score, textMatches }];
    });
  }
}
