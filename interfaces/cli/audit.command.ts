import { streamHistory, type AuditEntry } from '../../application/shared/audit/streamHistory.query.js';
import type { Config } from '../../infrastructure/shared/config/config.js';
import { openEventStoreForReading } from '../../infrastructure/shared/container/adapters.js';

function describeActor(entry: AuditEntry): string {
  if (!entry.actor) return 'system';
  return `${entry.actor.login ?? '?'} (id ${entry.actor.id})`;
}

export function formatAuditEntry(entry: AuditEntry): string {
  const origin = [entry.ip && `ip ${entry.ip}`, entry.userAgent && `agent ${JSON.stringify(entry.userAgent)}`].filter(Boolean).join(', ');
  return `#${entry.revision}  ${entry.occurredAt}  ${entry.type}  by ${describeActor(entry)}${origin ? `  [${origin}]` : ''}\n    ${JSON.stringify(entry.change)}`;
}

export async function auditStream(config: Config, streamId: string, options: { json?: boolean }): Promise<void> {
  const eventStore = await openEventStoreForReading(config);
  try {
    const entries = await streamHistory(eventStore, streamId);
    if (entries.length === 0) {
      console.error(`stream ${streamId} has no events`);
      process.exitCode = 1;
      return;
    }
    for (const entry of entries) console.log(options.json ? JSON.stringify(entry) : formatAuditEntry(entry));
  } finally {
    await eventStore.close();
  }
}
