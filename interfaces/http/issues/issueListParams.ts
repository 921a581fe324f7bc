import type { IssueListParams } from '../../../application/issues/issueList.query.js';
import type { Direction } from '../../../application/issues/issue.queries.js';

// A query parameter's single value; a repeated one takes its last, as Rails does.
export function queryValue(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === 'string' ? last : undefined;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

// ISO 8601 timestamps only; GitHub ignores what it cannot read.
export function sinceOf(query: Record<string, unknown>): string | undefined {
  const since = queryValue(query, 'since');
  return since !== undefined && !Number.isNaN(Date.parse(since)) ? new Date(since).toISOString() : undefined;
}

export function directionOf(query: Record<string, unknown>, fallback: Direction): Direction {
  return oneOf(queryValue(query, 'direction'), ['asc', 'desc'], fallback);
}

// A repository's comments: by `sort` (created, the default, or updated), oldest first unless
// `direction` says otherwise; as GitHub documents, `direction` is ignored without `sort`.
export function commentOrderOf(query: Record<string, unknown>): { by: 'created' | 'updated'; direction: Direction } {
  const sort = queryValue(query, 'sort');
  if (sort === undefined) return { by: 'created', direction: 'asc' };
  return { by: oneOf(sort, ['created', 'updated'], 'created'), direction: directionOf(query, 'asc') };
}

// GET /repos/{owner}/{repo}/issues: open issues, newest first, unless told otherwise.
export function issueListParams(query: Record<string, unknown>): IssueListParams {
  const labels = queryValue(query, 'labels');
  const optional = (name: string) => {
    const value = queryValue(query, name);
    return value === undefined || value === '' ? {} : { [name]: value };
  };
  return {
    state: oneOf(queryValue(query, 'state'), ['open', 'closed', 'all'], 'open'),
    sort: oneOf(queryValue(query, 'sort'), ['created', 'updated', 'comments'], 'created'),
    direction: directionOf(query, 'desc'),
    ...(labels
      ? {
          labels: labels
            .split(',')
            .map((name) => name.trim())
            .filter((name) => name !== ''),
        }
      : {}),
    ...(sinceOf(query) === undefined ? {} : { since: sinceOf(query) }),
    ...optional('assignee'),
    ...optional('creator'),
    ...optional('milestone'),
    ...optional('mentioned'),
  };
}
