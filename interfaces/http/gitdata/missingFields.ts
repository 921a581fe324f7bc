import type { ValidationErrorItem } from '../shared/githubError.js';

// GitHub checks a contents write's body against its JSON schema and names the required
// fields it lacks in one sentence ("Invalid request.\n\n"message" wasn't supplied."), not
// as a Validation Failed list; clients compare those words. Null when anything else is
// wrong (a field of the wrong type keeps its field-by-field answer).
export function missingFieldsSentence(errors: readonly ValidationErrorItem[]): string | null {
  const missing = errors.filter((error) => error.code === 'missing_field' && error.field !== undefined && !error.field.includes('.'));
  if (missing.length === 0 || missing.length !== errors.length) return null;
  const names = missing.map((error) => `"${error.field}"`).join(', ');
  return `Invalid request.\n\n${names} ${missing.length === 1 ? "wasn't" : "weren't"} supplied.`;
}
