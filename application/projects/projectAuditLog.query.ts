import { inject, injectable } from 'inversify';
import type { ProjectOwnerKind } from '../../domain/projects/project.events.js';
import type { AuditLogEntry } from '../shared/audit/auditLog.js';
import type { Filter, ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { parseQualifierValue } from '../../domain/search/searchQuery.js';
import { instantRange } from '../search/qualifierFilters.js';
import { rarestFirst } from '../shared/rarestFirst.js';
import { auditQualifierWord, wordsOf } from './auditWords.js';
import { PROJECT_AUDIT_ENTRIES_COLLECTION, type ProjectAuditEntryDocument } from './projectAudit.readModel.js';

export interface AuditPhrase {
  // Conditions tested along the walk: what negates, a project_id that is not a number.
  readonly conditions: readonly Filter[];
  // `created:` (one, not negated): the instants, where the walk of the log starts and stops.
  readonly created?: Filter;
  // Words every entry shown holds: free text, and the qualifiers not negated (as
  // auditQualifierWords writes them). The rarest is where the walk goes.
  readonly words: readonly string[];
  // A qualifier whose value cannot be read (a `created:` that is not a date): 422.
  readonly invalid?: string;
}

// GitHub's phrase syntax, the qualifiers a project log needs: action (a whole action or its
// category, `action:project` for every project.*), actor, project_id, created (a day, an
// instant, or a range of them, as in search: `created:>=2026-01-01`, `a..b`); `-` negates.
// Anything else is free text, matched against the entries' words (auditWords.ts).
export function parseAuditPhrase(phrase: string): AuditPhrase {
  const conditions: Filter[] = [];
  const words: string[] = [];
  let created: Filter | undefined;
  let invalid: string | undefined;
  for (const term of phrase.split(/\s+/).filter((word) => word !== '')) {
    const negated = term.startsWith('-');
    const [key, ...rest] = (negated ? term.slice(1) : term).split(':');
    const value = rest.join(':');
    // A negated qualifier is a condition tested along the walk (no index finds what an entry
    // lacks); one not negated is a word of the entry's.
    if (rest.length > 0 && key === 'action') {
      if (negated) conditions.push({ action: { $ne: value }, action_category: { $ne: value } });
      else words.push(auditQualifierWord('action', value));
    } else if (rest.length > 0 && key === 'actor') {
      if (negated) conditions.push({ actor_lower: { $ne: value.toLowerCase() } });
      else words.push(auditQualifierWord('actor', value.toLowerCase()));
    } else if (rest.length > 0 && key === 'project_id') {
      const id = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      // Not a number: matches no project (and its negation every one).
      if (Number.isNaN(id)) {
        if (!negated) conditions.push({ project_id: -1 });
      } else if (negated) conditions.push({ project_id: { $ne: id } });
      else words.push(auditQualifierWord('project_id', String(id)));
    } else if (rest.length > 0 && key === 'created') {
      const range = timestampRange(value);
      if (range === null) invalid ??= term;
      else if (negated) conditions.push({ $nor: [{ timestamp: range }] });
      else if (created === undefined) created = { timestamp: range };
      else conditions.push({ timestamp: range });
    } else {
      const termWords = wordsOf(negated ? term.slice(1) : term);
      if (termWords.length === 0) continue;
      if (negated) conditions.push({ $nor: [{ words: { $all: termWords } }] });
      else words.push(...termWords);
    }
  }
  return { conditions, words: [...new Set(words)], ...(created ? { created } : {}), ...(invalid ? { invalid } : {}) };
}

// A `created:` value as the range of `timestamp` it means (search's reading of dates:
// qualifierFilters.ts); null when it is not a date or names no bound.
function timestampRange(raw: string): Record<string, number> | null {
  const range = instantRange(parseQualifierValue(raw, false));
  if (range === null || (range.gte === undefined && range.lt === undefined)) return null;
  return { ...(range.gte !== undefined ? { $gte: range.gte } : {}), ...(range.lt !== undefined ? { $lt: range.lt } : {}) };
}

export interface AuditLogPage {
  readonly entries: readonly AuditLogEntry[];
  readonly totalCount: number;
}

// GitHub's `order`: newest first (desc, the default) or oldest first (asc).
export type AuditLogOrder = 'asc' | 'desc';

// An owner's project audit log, newest first (or oldest first), from the audit projection. A page reads the
// log's index to the end of the page: from a `created:` range's end, or along the entries
// holding the phrase's first word; the count walks the same range (an owner's entries in it,
// or those with the word), not the owner's whole log.
@injectable()
export class ProjectAuditLog {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  async page(
    owner: { readonly kind: ProjectOwnerKind; readonly id: number },
    phrase: AuditPhrase,
    page: { readonly page: number; readonly perPage: number },
    // Fields every entry of this log shows (an organization's login and id).
    shown: Record<string, unknown>,
    order: AuditLogOrder = 'desc',
  ): Promise<AuditLogPage> {
    const collection = this.store.collection<ProjectAuditEntryDocument>(PROJECT_AUDIT_ENTRIES_COLLECTION);
    const ownerFilter = { owner_kind: owner.kind, owner_id: owner.id };
    const words = await rarestFirst(phrase.words, (word) => collection.count({ ...ownerFilter, words: word }));
    const filter: Filter = {
      ...ownerFilter,
      ...(words.length > 0 ? { words: { $all: words } } : {}),
      ...phrase.created,
      ...(phrase.conditions.length > 0 ? { $and: phrase.conditions } : {}),
    };
    const direction = order === 'asc' ? 1 : -1;
    const sort = { timestamp: direction, position: direction } as const;
    const skip = (page.page - 1) * page.perPage;
    const [documents, totalCount] = await Promise.all([collection.find(filter, { sort, skip, limit: page.perPage }), collection.count(filter)]);
    return { entries: documents.map((document) => ({ ...document.entry, ...shown })), totalCount };
  }
}
