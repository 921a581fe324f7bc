import { left, right, type Either } from 'fp-ts/lib/Either.js';

export const MAX_REPOSITORY_NAME_LENGTH = 100;

// GitHub keeps letters, digits, '-', '_' and '.', and turns every other character into '-'
// when it creates a repository ("my repo!" becomes "my-repo-").
const NAME_CHARACTER = /[A-Za-z0-9._-]/;
const RESERVED_NAMES = new Set(['.', '..']);

export type RepositoryNameProblem = 'empty' | 'too_long' | 'reserved' | 'git_suffix';

export function normalizeRepositoryName(requested: string): Either<RepositoryNameProblem, string> {
  const name = Array.from(requested.trim(), (character) => (NAME_CHARACTER.test(character) ? character : '-')).join('');
  if (name === '') return left('empty');
  if (name.length > MAX_REPOSITORY_NAME_LENGTH) return left('too_long');
  if (RESERVED_NAMES.has(name)) return left('reserved');
  // "x.git" would be served at the same clone URL as "x" (/owner/x.git).
  if (name.toLowerCase().endsWith('.git')) return left('git_suffix');
  return right(name);
}

// A name as it is stored: already normalized, so nothing to replace.
export function isValidRepositoryName(name: string): boolean {
  const normalized = normalizeRepositoryName(name);
  return normalized._tag === 'Right' && normalized.right === name;
}

// Names are unique per owner regardless of case, as on GitHub.
export function repositoryNameKey(name: string): string {
  return name.toLowerCase();
}
