import type { Document } from '../shared/ports/readModelStore.port.js';
import { languageNamed } from './languageAliases.js';

// What each repository's default branch holds, by language, as the repositories index read it
// (kept by the search-repositories projection, projections/search/repositoryLanguages.ts; the
// users and issues indexes keep their own readings in this shape, each in its own lane).
export const REPOSITORY_LANGUAGES_COLLECTION = 'search_repository_languages';

export type LanguageBytes = Readonly<Record<string, number>>;

export interface RepositoryLanguagesDocument extends Document {
  _id: string; // String(repository_id)
  repository_id: number;
  commit: string | null;
  bytes: LanguageBytes;
  // The repository's language (of most bytes), as languageKey has it; '' when none.
  language: string;
}

// GitHub's language: qualifier is not case sensitive (`language:c#` is C#), and takes aliases.
export function languageKey(language: string): string {
  return languageNamed(language).toLowerCase();
}
