import { inject, injectable } from 'inversify';
import type { Document, IndexSpec, ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { languageNamed } from './languageAliases.js';

// What each repository's default branch holds, by language, as the repositories index read it
// (kept by the search-repositories projection, projections/search/repositoryLanguages.ts).
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

// Issue search finds the repositories of a language by this index, at query time: a push that
// changes a repository's language changes this one document, never its issues' documents.
export const REPOSITORY_LANGUAGE_INDEX: IndexSpec = { name: 'language', keys: { language: 1 } };

// GitHub's language: qualifier is not case sensitive (`language:c#` is C#), and takes aliases.
export function languageKey(language: string): string {
  return languageNamed(language).toLowerCase();
}

@injectable()
export class RepositoryLanguageQuery {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  // The repositories whose language is the one named, whoever may read them (the search
  // filters on visibility apart): one indexed equality read.
  async repositoryIdsIn(language: string): Promise<number[]> {
    const key = languageKey(language);
    if (key === '') return [];
    const documents = await this.store
      .collection<RepositoryLanguagesDocument>(REPOSITORY_LANGUAGES_COLLECTION)
      .find({ language: key }, { projection: { repository_id: 1 } });
    return documents.map((document) => document.repository_id);
  }
}
