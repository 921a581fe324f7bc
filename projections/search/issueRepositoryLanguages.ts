import type { RepositoryLanguagesDocument } from '../../application/search/repositoryLanguages.js';
import type { Document } from '../../application/shared/ports/readModelStore.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';

// The issues index keeps its own reading of each repository's languages (its lane runs apart
// from the repositories index's, as the users index's does): each issue document carries its
// repository's language, read here when the document is built.
export const ISSUE_REPOSITORY_LANGUAGES_COLLECTION = 'search_issue_repository_languages';

export const issueRepositoryLanguages = (target: ProjectionTarget) => target.collection<RepositoryLanguagesDocument>(ISSUE_REPOSITORY_LANGUAGES_COLLECTION);

// The repository's language as languageKey has it; '' when it has none (or none read yet).
export async function issueRepositoryLanguage(target: ProjectionTarget, repositoryId: number): Promise<string> {
  return (await issueRepositoryLanguages(target).findOne({ _id: String(repositoryId) }))?.language ?? '';
}

// The language a repository's documents were last rewritten to carry: a push that changes the
// language rewrites them once; one applied again after a crash, whose language was saved but
// whose documents were not rewritten yet, finds them behind and rewrites them then.
export const ISSUE_LANGUAGES_INDEXED_COLLECTION = 'search_issue_languages_indexed';

interface LanguageIndexedDocument extends Document {
  _id: string; // String(repository_id)
  language: string;
}

const languagesIndexed = (target: ProjectionTarget) => target.collection<LanguageIndexedDocument>(ISSUE_LANGUAGES_INDEXED_COLLECTION);

// '' until a rewrite: the documents of a repository never rewritten were built with the
// language it had then, '' before its first push.
export async function languageIndexed(target: ProjectionTarget, repositoryId: number): Promise<string> {
  return (await languagesIndexed(target).findOne({ _id: String(repositoryId) }))?.language ?? '';
}

export async function saveLanguageIndexed(target: ProjectionTarget, repositoryId: number, language: string | null): Promise<void> {
  const _id = String(repositoryId);
  if (language === null) await languagesIndexed(target).deleteOne({ _id });
  else await languagesIndexed(target).replaceOne({ _id }, { _id, language }, { upsert: true });
}
