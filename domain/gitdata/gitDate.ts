// A date as the API takes it (ISO 8601) and as git writes it in an object: seconds since the
// epoch and the offset the caller gave, so `+05:30` is written `+0530` as `git commit-tree`
// writes it from GIT_AUTHOR_DATE, and the object's SHA is the one git gives.
export interface GitDate {
  readonly date: Date;
  readonly utcOffset: string; // "+0530", "-0700", "+0000"
}

export type GitDateRefusal = 'invalid' | 'before-epoch';

// ISO 8601 as GitHub documents it (YYYY-MM-DDTHH:MM:SSZ) and the forms around it: minutes
// only, a fraction, a space for the T, an offset as +hh:mm, +hhmm or +hh, or a date alone.
// Only these: JavaScript's Date also reads "hello 2020" or "Jan 1 2020 10:00", in the server's
// own time zone, so the same request would be a different commit on another server.
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?)?$/i;

export function parseGitDate(text: string): GitDate | GitDateRefusal {
  const match = ISO_8601.exec(text);
  if (!match) return 'invalid';
  const [year, month, day, hours, minutes, seconds] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const milliseconds = Math.floor(Number(`0${match[7] ?? ''}`) * 1000);
  const [sign, offsetHours, offsetMinutes] = [match[9] ?? '+', match[10] ?? '00', match[11] ?? '00'];
  if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return 'invalid';
  // Without an offset the time is UTC, as GitHub reads it, whatever the server's time zone.
  const local = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, milliseconds));
  local.setUTCFullYear(year);
  // A day or time that does not exist (February 30th, 25:00) is no date, not the next one.
  const exists =
    local.getUTCFullYear() === year &&
    local.getUTCMonth() === month - 1 &&
    local.getUTCDate() === day &&
    local.getUTCHours() === hours &&
    local.getUTCMinutes() === minutes &&
    local.getUTCSeconds() === seconds;
  if (!exists) return 'invalid';
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  const date = new Date(local.getTime() - offset * 60_000);
  // Git writes no date before the epoch (its timestamps are unsigned).
  if (date.getTime() < 0) return 'before-epoch';
  return { date, utcOffset: `${sign}${offsetHours}${offsetMinutes}` };
}
