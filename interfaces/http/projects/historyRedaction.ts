import type { Response } from 'express';
import type { AuditLogEntry } from '../../../application/shared/audit/auditLog.js';
import { accessCallerOf } from '../repositories/repositoryScope.js';
import type { ProjectsDeps } from './projects.deps.js';

interface EntryContent {
  readonly repositoryId: number;
}

const contentOf = (entry: AuditLogEntry): EntryContent | null => {
  const content = entry.content as EntryContent | null | undefined;
  return content && typeof content.repositoryId === 'number' ? content : null;
};

// A project's admin may read a board holding issues of repositories they may not (an outside
// collaborator on an organization's board): the board shows those cards redacted, so the
// history does too, with `content: null` instead of the repository and the number.
export async function withUnreadableContentRedacted(res: Response, deps: ProjectsDeps, entries: readonly AuditLogEntry[]): Promise<AuditLogEntry[]> {
  const repositoryIds = [...new Set(entries.flatMap((entry) => contentOf(entry)?.repositoryId ?? []))];
  if (repositoryIds.length === 0) return [...entries];
  const caller = accessCallerOf(res);
  const readable = new Set<number>();
  for (const repository of await deps.repositories.byIds(repositoryIds))
    if ((await deps.repositoryAccess.roleFor(caller, repository)) !== 'none') readable.add(repository.id);
  return entries.map((entry) => {
    const content = contentOf(entry);
    return content && !readable.has(content.repositoryId) ? { ...entry, content: null } : entry;
  });
}
