import { parseSearchDate } from '../../../domain/search/searchQuery.js';

// `?as_of=` (forgelog's past states of tokens and project boards): what a value that names no
// instant is told, so a caller learns the form rather than only that it was refused.
export const AS_OF_INVALID = 'as_of must be one ISO 8601 instant, such as 2026-04-01T09:00:00Z';

// The instant as_of names, or null: a day (its midnight, UTC) or a time with an offset, read
// as the audit log's `created:` reads them. Not Date.parse, which takes "1" for 2001-01-01, a
// time without an offset in the server's zone and February 30th for March 2nd. A repeated
// as_of names no instant.
export function asOfInstant(raw: unknown): Date | null {
  const at = typeof raw === 'string' ? parseSearchDate(raw) : null;
  return at === null ? null : new Date(at);
}
