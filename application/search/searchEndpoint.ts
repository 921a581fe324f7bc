import type { Either } from 'fp-ts/lib/Either.js';
import type { SearchError } from '../../domain/search/search.errors.js';
import type { SearchEndpoint } from '../../domain/search/searchQualifiers.js';
import type { SearchTerm } from '../../domain/search/searchQuery.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';

export type QualifierTerm = Extract<SearchTerm, { kind: 'qualifier' }>;

export interface QualifierContext {
  readonly caller: AccessCaller;
  // The account a login names (for author:, assignee: and the like), null when none does.
  accountId(login: string): Promise<number | null>;
  // The classic project a project: qualifier names (searchProjects.ts), null when none.
  projectId(name: string): Promise<number | null>;
}

// What one search endpoint knows beyond the shared language: its index, which document
// attribute each `in:` field, sort and qualifier reaches. SearchRunner does the rest
// (keywords, in:, user:/org:/repo:, visibility, paging, the time limit).
export interface SearchEndpointDefinition {
  readonly endpoint: SearchEndpoint;
  readonly index: string;
  // Documents bound to a repository: visibility and user:/org:/repo: apply.
  readonly repositoryBound: boolean;
  // Documents that are accounts: user: and org: name them (accountScope.ts).
  readonly accountScoped?: boolean;
  // `in:` values to searchable attributes; keywords search all of them by default.
  readonly textFields: Readonly<Record<string, readonly string[]>>;
  readonly defaultTextFields: readonly string[];
  // GitHub's sort names to document attributes.
  readonly sorts: Readonly<Record<string, string>>;
  // The filter a qualifier stands for; null when it restricts nothing (a value that matches
  // everything). Qualifiers not in the endpoint's table never get here: they are keywords.
  qualifierFilter(term: QualifierTerm, context: QualifierContext): Promise<Either<SearchError, SearchFilter | null>>;
  // Filters that hold unless a qualifier of the alternative says otherwise (repositories
  // leave forks out unless fork: asks for them).
  defaultFilters?(terms: readonly SearchTerm[]): SearchFilter[];
  // Keywords match any, not all (labels: anyKeyword.ts).
  readonly anyKeyword?: boolean;
  // Checked after compiling (code search needs a term).
  readonly needsTerm?: boolean;
  readonly requiresAuthentication?: boolean;
}

// The attribute a `sort` names, if it is one of the endpoint's sorts. Only the table's own
// keys count: `sort=constructor` or `sort=toString` would otherwise reach the prototype's
// functions and hand the index a function for an attribute name.
export function sortAttribute(sorts: Readonly<Record<string, string>>, name: string | undefined): string | undefined {
  return name !== undefined && Object.hasOwn(sorts, name) ? sorts[name] : undefined;
}
