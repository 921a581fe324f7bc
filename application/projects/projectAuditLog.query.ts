import { inject, injectable } from 'inversify';
import type { ProjectOwnerKind } from '../../domain/projects/project.events.js';
import type { AuditLogEntry } from '../shared/audit/auditLog.js';
import type { Filter, ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { PROJECT_AUDIT_ENTRIES_COLLECTION, type ProjectAuditEntryDocument } from './projectAudit.readModel.js';

interface FreeTextTerm {
  readonly text: string;
  readonly negated: boolean;
}

export interface AuditPhrase {
  // Conditions on the entries' indexed fields: action, actor, project_id.
  readonly conditions: readonly Filter[];
  // Anything else is looked for in the entry's whole text.
  readonly freeText: readonly FreeTextTerm[];
}

// GitHub's phrase syntax, the qualifiers a project log needs: action (a whole action or its
// category, `action:project` for every project.*), actor, project_id; `-` negates.
export function parseAuditPhrase(phrase: string): AuditPhrase {
  const conditions: Filter[] = [];
  const freeText: FreeTextTerm[] = [];
  for (const term of phrase.split(/\s+/).filter((word) => word !== '')) {
    const negated = term.startsWith('-');
    const [key, ...rest] = (negated ? term.slice(1) : term).split(':');
    const value = rest.join(':');
    if (key === 'action') {
      conditions.push(negated ? { action: { $ne: value }, action_category: { $ne: value } } : { $or: [{ action: value }, { action_category: value }] });
    } else if (key === 'actor') {
      conditions.push({ actor_lower: negated ? { $ne: value.toLowerCase() } : value.toLowerCase() });
    } else if (key === 'project_id') {
      const id = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      // Not a number: matches no project (and its negation every one).
      if (Number.isNaN(id)) {
        if (!negated) conditions.push({ project_id: -1 });
      } else conditions.push({ project_id: negated ? { $ne: id } : id });
    } else freeText.push({ text: term.toLowerCase().replace(/^-/, ''), negated });
  }
  return { conditions, freeText };
}

export interface AuditLogPage {
  readonly entries: readonly AuditLogEntry[];
  readonly totalCount: number;
}

// An owner's project audit log, newest first, from the audit projection: a page of a phrase
// made of qualifiers reads that page and an indexed count; free text is matched against each
// of the owner's entries the qualifiers leave (as a search over them).
@injectable()
export class ProjectAuditLog {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  async page(
    owner: { readonly kind: ProjectOwnerKind; readonly id: number },
    phrase: string,
    page: { readonly page: number; readonly perPage: number },
    // Fields every entry of this log shows (an organization's login and id).
    shown: Record<string, unknown>,
  ): Promise<AuditLogPage> {
    const { conditions, freeText } = parseAuditPhrase(phrase);
    const filter: Filter = { owner_kind: owner.kind, owner_id: owner.id, ...(conditions.length > 0 ? { $and: conditions } : {}) };
    const collection = this.store.collection<ProjectAuditEntryDocument>(PROJECT_AUDIT_ENTRIES_COLLECTION);
    const sort = { timestamp: -1, position: -1 } as const;
    const skip = (page.page - 1) * page.perPage;
    const withShown = (document: ProjectAuditEntryDocument): AuditLogEntry => ({ ...document.entry, ...shown });
    if (freeText.length === 0) {
      const [documents, totalCount] = await Promise.all([collection.find(filter, { sort, skip, limit: page.perPage }), collection.count(filter)]);
      return { entries: documents.map(withShown), totalCount };
    }
    const matching = (await collection.find(filter, { sort })).map(withShown).filter((entry) => {
      const text = JSON.stringify(entry).toLowerCase();
      return freeText.every((term) => text.includes(term.text) !== term.negated);
    });
    return { entries: matching.slice(skip, skip + page.perPage), totalCount: matching.length };
  }
}
