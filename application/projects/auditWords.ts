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

// The words of free text, as an entry's are split.
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

// Instants (a qualifier, `created:`, finds those) and the document's own id.
const UNSEARCHED_FIELDS = new Set(['@timestamp', 'created_at', '_document_id']);
