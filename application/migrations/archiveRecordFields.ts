// How an archive's records name what they point to: by web URL (GitHub's migration archives
// link accounts, repositories, issues and milestones by their html_url).

export type ArchiveRecord = Record<string, unknown>;

// The last path segment(s) of a web URL: `https://host/octocat` → octocat; of a repository's, `owner/name`.
export const loginOf = (url: unknown): string =>
  String(url ?? '')
    .replace(/\/+$/, '')
    .split('/')
    .pop() ?? '';
export const fullNameOf = (url: unknown): string =>
  String(url ?? '')
    .replace(/\/+$/, '')
    .split('/')
    .slice(-2)
    .join('/');
export const numberOf = (url: unknown): number => Number(/\/(?:issues|pull|milestones|projects)\/(\d+)/.exec(String(url ?? ''))?.[1] ?? NaN);
export const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

// An issue's or a pull request's labels (by name), assignees (by login) and milestone (by
// number), from the URLs its record names them by.
export function issueSideOf(record: ArchiveRecord): { labels: string[]; assignees: string[]; milestone: number | null } {
  return {
    labels: (Array.isArray(record.labels) ? (record.labels as string[]) : []).map((url) => decodeURIComponent(url.split('/labels/').pop() ?? '')),
    assignees: (Array.isArray(record.assignees) ? (record.assignees as string[]) : []).map(loginOf),
    milestone: record.milestone ? numberOf(record.milestone) : null,
  };
}
