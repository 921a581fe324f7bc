import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import { codePathOf } from '../../application/search/codeFiles.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { FileChange, GitStorage } from '../../application/shared/ports/gitStorage.port.js';
import type { Collection } from '../../application/shared/ports/readModelStore.port.js';
import { languageKey, type LanguageBytes, type RepositoryLanguagesDocument } from '../../application/search/repositoryLanguages.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import { REF_EVENT_TYPES, type RefMoved } from '../../domain/gitdata/refMoved.js';
import type { RepositoryCreated, RepositoryEdited } from '../../domain/repositories/repository.events.js';
import type { ProjectionDependencies } from '../shared/projectionDependencies.js';
import { pushedFiles, type PushedFiles } from './pushedFiles.js';

// Linguist's data and prose languages, which never make a repository's language.
const UNCOUNTED: ReadonlySet<string> = new Set(['JSON', 'Markdown', 'SQL', 'Text', 'TOML', 'XML', 'YAML']);

// What a repository's default branch holds, by language, at the commit it was last read at.
export type { LanguageBytes, RepositoryLanguagesDocument };

function countedLanguage(path: string): string | null {
  const language = codePathOf(path).language;
  return language === null || UNCOUNTED.has(language) ? null : language;
}

function withSizes(bytes: LanguageBytes, changes: readonly FileChange[], sign: 1 | -1): Record<string, number> {
  const result: Record<string, number> = { ...bytes };
  for (const change of changes) {
    const language = change.size === null ? null : countedLanguage(change.path);
    if (language === null) continue;
    const total = (result[language] ?? 0) + sign * change.size!;
    if (total > 0) result[language] = total;
    else delete result[language];
  }
  return result;
}

// GitHub's `language` of a repository: the language of most bytes ('' when none; a tie goes
// to the name first in order, so that a replay chooses the same).
export function mainLanguage(bytes: LanguageBytes | undefined): string {
  let best = '';
  for (const [language, size] of Object.entries(bytes ?? {})) {
    const bestSize = best === '' ? -1 : bytes![best]!;
    if (size > bestSize || (size === bestSize && language < best)) best = language;
  }
  return best;
}

// Follows a repository's default branch to `to` (null: the branch is gone): the bytes of each
// language move by what the push changed (the new side's sizes in, the old side's out), or
// are counted afresh from every file when `from` is not the commit last read. Answers the
// files read, for callers that look at more of them (the README); null when nothing changed
// (the move was applied already, or its commit never arrived).
export async function followDefaultBranch(
  git: GitStorage,
  languages: Collection<RepositoryLanguagesDocument>,
  event: StoredEvent,
  repositoryId: number,
  from: string | null,
  to: string | null,
): Promise<PushedFiles | null> {
  const _id = String(repositoryId);
  const known = await languages.findOne({ _id });
  if (known !== null && known.commit === to) return null;
  const save = (commit: string | null, bytes: LanguageBytes) =>
    languages.replaceOne({ _id }, { _id, repository_id: repositoryId, commit, bytes, language: languageKey(mainLanguage(bytes)) }, { upsert: true });
  if (to === null) {
    await save(null, {});
    return { changes: [], whole: true };
  }
  const incremental = known !== null && known.commit !== null && known.commit === from;
  const files = await pushedFiles(git, event, repositoryId, incremental ? from : null, to);
  if (files === null) return null;
  const before = files.whole ? [] : await git.fileChanges(repositoryId, to, from!);
  if (files.whole || before === null) {
    const whole = files.whole ? files : await pushedFiles(git, event, repositoryId, null, to);
    if (whole === null) return null;
    await save(to, withSizes({}, whole.changes, 1));
    return whole;
  }
  await save(to, withSizes(withSizes(known!.bytes, files.changes, 1), before, -1));
  return files;
}

export interface DefaultBranchRead {
  readonly repository: RepositoryDocument;
  readonly commit: string | null; // the branch's tip now; null when it has none
  readonly files: PushedFiles;
}

// The events that change what a repository's default branch holds: a move of that branch, a
// fork (its copy of the parent's branches), a new default branch; a deletion forgets the
// repository. Answers what was read when the languages changed, null otherwise.
export async function languagesOnEvent(
  dependencies: ProjectionDependencies,
  languages: Collection<RepositoryLanguagesDocument>,
  event: StoredEvent,
  target: ProjectionTarget,
): Promise<DefaultBranchRead | null> {
  const repositoryId = (event.data as { repositoryId?: unknown }).repositoryId;
  if (typeof repositoryId !== 'number') return null;
  if (event.type === 'RepositoryDeleted') {
    await languages.deleteOne({ _id: String(repositoryId) });
    return null;
  }
  const isMove = REF_EVENT_TYPES.has(event.type);
  const forked = event.type === 'RepositoryCreated' && (event.data as RepositoryCreated['data']).fork !== null;
  const branchChanged = event.type === 'RepositoryEdited' && (event.data as RepositoryEdited['data']).changes.defaultBranch !== undefined;
  if (!isMove && !forked && !branchChanged) return null;
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(repositoryId) });
  if (repository === null) return null;
  const defaultRef = `refs/heads/${repository.default_branch}`;
  let from: string | null = null;
  let to: string | null;
  if (isMove) {
    const move = event.data as RefMoved['data'];
    if (move.ref !== defaultRef) return null;
    ({ from, to } = move);
  }
  if (!(await dependencies.ensureRepositoryGit(repositoryId))) return null;
  if (!isMove) to = await dependencies.git().readRef(repositoryId, defaultRef);
  const files = await followDefaultBranch(dependencies.git(), languages, event, repositoryId, from, to!);
  return files === null ? null : { repository, commit: to!, files };
}
