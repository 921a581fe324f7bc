import type { AuditLogEntry } from '../shared/audit/auditLog.js';

// The words of an audit-log entry that free text in a `phrase` finds: every string and number
// the entry holds (action, actor, names, notes, before and after, ids), lowercased and split
// on anything that is not a letter or a digit, each once. Kept on the entry's document and
// indexed (one index entry per word), so a free-text page walks the entries holding its word.
export function auditWordsOf(entry: AuditLogEntry): string[] {
  const words = new Set<string>();
  const visit = (value: unknown, key: string | undefined): void => {
    if (key !== undefined && UNSEARCHED_FIELDS.has(key)) return;
    if (typeof value === 'string' || typeof value === 'number') for (const word of wordsOf(String(value))) words.add(word);
    else if (Array.isArray(value)) for (const item of value) visit(item, undefined);
    else if (value !== null && typeof value === 'object') for (const [name, inner] of Object.entries(value)) visit(inner, name);
  };
  visit(entry, undefined);
  return [...words];
}

// The qualifiers an entry answers to, as words of their own (`action:project.create`,
// `action:project`, `actor:octocat`, `project_id:7`): kept among its words, so a phrase's
// `action:`, `actor:` or `project_id:` walks the entries holding it, as free text does. The
// colon keeps them apart from every word of text, which is split on it.
export function auditQualifierWords(entry: { readonly action: string; readonly actor_lower: string | null; readonly project_id: number }): string[] {
  const category = entry.action.split('.')[0]!;
  return [
    auditQualifierWord('action', entry.action),
    ...(category === entry.action ? [] : [auditQualifierWord('action', category)]),
    ...(entry.actor_lower === null ? [] : [auditQualifierWord('actor', entry.actor_lower)]),
    auditQualifierWord('project_id', String(entry.project_id)),
  ];
}

export const auditQualifierWord = (key: 'action' | 'actor' | 'project_id', value: string): string => `${key}:${value}`;

// The words of free text, as an entry's are split.
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

// Instants (a qualifier, `created:`, finds those) and the document's own id.
const UNSEARCHED_FIELDS = new Set(['@timestamp', 'created_at', '_document_id']);
