// A date as the API takes it (ISO 8601) and as git writes it in an object: seconds since the
// epoch and the offset the caller gave, so `+05:30` is written `+0530` as `git commit-tree`
// writes it from GIT_AUTHOR_DATE, and the object's SHA is the one git gives.
export interface GitDate {
  readonly date: Date;
  readonly utcOffset: string; // "+0530", "-0700", "+0000"
}

export type GitDateRefusal = 'invalid' | 'before-epoch';

const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))$/i;

export function parseGitDate(text: string): GitDate | GitDateRefusal {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return 'invalid';
  // Git writes no date before the epoch (its timestamps are unsigned).
  if (date.getTime() < 0) return 'before-epoch';
  const match = WITH_OFFSET.exec(text);
  // Without an offset (a date alone, say) JavaScript reads it as UTC, and so does git.
  if (!match || match[1]!.toUpperCase() === 'Z') return { date, utcOffset: '+0000' };
  const [, , sign, hours, minutes] = match as unknown as [string, string, string, string, string];
  if (Number(hours) > 23 || Number(minutes) > 59) return 'invalid';
  return { date, utcOffset: `${sign}${hours}${minutes}` };
}
