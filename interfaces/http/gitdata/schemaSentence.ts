import type { ValidationErrorItem } from '../shared/githubError.js';

// GitHub checks a contents write's body against its JSON schema and answers in one sentence,
// not a Validation Failed list; clients compare those words. The required fields it lacks
// ("Invalid request.\n\n"message" wasn't supplied."), or the one top-level field that is no
// string ("Invalid request.\n\nFor 'properties/content', nil is not a string."). Null for
// anything else (a bad author or committer keeps its field-by-field answer).
export function schemaSentence(errors: readonly ValidationErrorItem[], body: unknown): string | null {
  const topLevel = errors.every((error) => error.field !== undefined && error.field !== '' && !error.field.includes('.'));
  if (errors.length === 0 || !topLevel) return null;
  if (errors.every((error) => error.code === 'missing_field')) {
    const names = errors.map((error) => `"${error.field}"`).join(', ');
    return `Invalid request.\n\n${names} ${errors.length === 1 ? "wasn't" : "weren't"} supplied.`;
  }
  const [only] = errors;
  if (errors.length !== 1 || only?.code !== 'invalid' || !STRING_FIELDS.has(only.field!)) return null;
  const value = (body as Record<string, unknown>)[only.field!];
  return `Invalid request.\n\nFor 'properties/${only.field}', ${shownAsRuby(value)} is not a string.`;
}

const STRING_FIELDS: ReadonlySet<string> = new Set(['message', 'content', 'sha', 'branch']);

// The value as GitHub's Ruby shows it (nil for null), cut short so a large body is not sent back.
function shownAsRuby(value: unknown): string {
  const shown = value === null ? 'nil' : JSON.stringify(value);
  return shown.length > 100 ? `${shown.slice(0, 100)}...` : shown;
}
