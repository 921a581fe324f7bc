import { right } from 'fp-ts/lib/Either.js';
import type { QualifierValue } from '../../domain/search/searchQuery.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';
import { REACTION_SORTS } from './issueSearch.document.js';
import { booleanFilter, dateFilter, numberFilter } from './qualifierFilters.js';
import { languageKey } from './repositoryLanguages.js';
import type { QualifierContext, SearchEndpointDefinition } from './searchEndpoint.js';
import { SEARCH_INDEXES } from './searchIndexes.js';

const is = (field: string, value: string | boolean): SearchFilter => ({ field, op: '=', value });
const both = (...parts: SearchFilter[]): SearchFilter => ({ and: parts });
const isPullRequest = is('type', 'pr');

// is:..., and the state:/type: qualifiers that say the same.
const IS_FILTERS: Readonly<Record<string, SearchFilter>> = {
  issue: is('type', 'issue'),
  pr: isPullRequest,
  // The endpoint's description writes is:pull-request beside is:issue.
  'pull-request': isPullRequest,
  open: is('state', 'open'),
  closed: is('state', 'closed'),
  merged: is('merged', true),
  // GitHub: pull requests open, or closed without being merged.
  unmerged: both(isPullRequest, is('merged', false)),
  locked: is('locked', true),
  unlocked: is('locked', false),
  public: is('public', true),
  private: is('public', false),
  draft: both(isPullRequest, is('draft', true)),
  // No pull request is queued to merge: forgelog has no merge queue.
  queued: both(isPullRequest, is('type', 'issue')),
  // No repository is internal (GitHub Enterprise's visibility): forgelog has none.
  internal: both(is('public', true), is('public', false)),
};

// no:label, no:milestone, no:assignee, no:project (a card on no classic project).
const NO_FILTERS: Readonly<Record<string, SearchFilter | null>> = {
  label: is('has_labels', false),
  milestone: is('has_milestone', false),
  assignee: is('has_assignees', false),
  project: is('has_projects', false),
};

// The account qualifiers and the attribute of ids each one reaches.
const ACCOUNT_FIELDS: Readonly<Record<string, string>> = {
  author: 'author_id',
  assignee: 'assignee_ids',
  mentions: 'mention_ids',
  commenter: 'commenter_ids',
  involves: 'involves_ids',
};

// Reviews, review requests, commit statuses, linked issues and teams: forgelog keeps none, so
// every pull request has no review (review:none), and whatever asks for one matches nothing.
const NOTHING: SearchFilter = both(isPullRequest, is('type', 'issue'));
const NONE_KEPT: ReadonlySet<string> = new Set([
  'reviewed-by',
  'review-requested',
  'user-review-requested',
  'team-review-requested',
  'status',
  'linked',
  'team',
]);

const NUMBER_FIELDS: Readonly<Record<string, string>> = { comments: 'comments', interactions: 'interactions', reactions: 'reactions' };
const DATE_FIELDS: Readonly<Record<string, string>> = { created: 'created_at', updated: 'updated_at', closed: 'closed_at', merged: 'merged_at' };

const textOf = (value: QualifierValue): string => (value.kind === 'value' ? value.text : `${value.from ?? '*'}..${value.to ?? '*'}`);

// label:"a","b" is either label; several label: qualifiers must all hold (each is a term).
function oneOfValues(field: string, value: QualifierValue): SearchFilter {
  const values = textOf(value)
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  return values.length === 1 ? is(field, values[0]!) : { field, op: 'in', values };
}

// GitHub: issues and pull requests in repositories whose language is the one named (in any
// case, or an alias of it). Each document carries its repository's language, rewritten when a
// push changes it: one equality, not the ids of every repository of that language.
function languageFilter(value: QualifierValue): SearchFilter {
  const key = languageKey(textOf(value));
  return key === '' ? NOTHING : is('language', key);
}

// A login no account has matches nothing (GitHub answers no results, not an error): ids are positive.
async function accountFilter(field: string, value: QualifierValue, context: QualifierContext): Promise<SearchFilter> {
  const id = await context.accountId(textOf(value));
  return { field, op: '=', value: id ?? -1 };
}

// GET /search/issues: keywords in title, body and comments; GitHub's qualifiers and sorts.
export const issueSearch: SearchEndpointDefinition = {
  endpoint: 'issues',
  index: SEARCH_INDEXES.issues,
  repositoryBound: true,
  textFields: { title: ['title'], body: ['body'], comments: ['comments_text'] },
  defaultTextFields: ['title', 'body', 'comments_text'],
  sorts: {
    comments: 'comments',
    reactions: 'reactions',
    ...Object.fromEntries(Object.entries(REACTION_SORTS).map(([name, { attribute }]) => [name, attribute])),
    interactions: 'interactions',
    created: 'created_at',
    updated: 'updated_at',
  },
  async qualifierFilter(term, context) {
    const { key, value } = term;
    const text = textOf(value).toLowerCase();
    if (key === 'is' || key === 'type' || key === 'state') return right(IS_FILTERS[text] ?? null);
    if (key === 'no') return right(NO_FILTERS[text] ?? null);
    if (ACCOUNT_FIELDS[key] !== undefined) return right(await accountFilter(ACCOUNT_FIELDS[key]!, value, context));
    if (NUMBER_FIELDS[key] !== undefined) return right(numberFilter(NUMBER_FIELDS[key]!, value));
    if (DATE_FIELDS[key] !== undefined) return right(dateFilter(DATE_FIELDS[key]!, value));
    // reason:completed, reason:"not planned": GitHub writes the reason as words.
    if (key === 'reason') return right(is('state_reason', text.trim().replace(/[\s-]+/g, '_')));
    if (key === 'label') return right(oneOfValues('labels', value));
    if (key === 'milestone') return right(oneOfValues('milestone', value));
    // A project nobody has (or a name that is not one) matches nothing: ids are positive.
    if (key === 'project') return right({ field: 'project_ids', op: '=', value: (await context.projectId(textOf(value))) ?? -1 });
    // Branch names are matched as given; only pull requests have them.
    if (key === 'head' || key === 'base') return right(both(isPullRequest, is(key, textOf(value))));
    // draft:false is a pull request ready for review, not every issue.
    if (key === 'draft') return right(both(isPullRequest, booleanFilter('draft', value)));
    if (key === 'archived') return right(booleanFilter('archived', value));
    if (key === 'language') return right(languageFilter(value));
    if (key === 'review') return right(text === 'none' ? isPullRequest : NOTHING);
    if (NONE_KEPT.has(key)) return right(NOTHING);
    return right(null);
  },
};
