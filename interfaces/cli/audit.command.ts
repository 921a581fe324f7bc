import { foldedLoginAt } from '../../application/shared/audit/actorLogins.js';
import { streamHistory, type AuditEntry } from '../../application/shared/audit/streamHistory.query.js';
import {
  findAccountStream,
  findImportStream,
  findIssueStream,
  findRepositoryStream,
  STREAM_KINDS,
  type StreamLookup,
} from '../../application/shared/audit/streamFinder.js';
import type { EventStore } from '../../application/shared/ports/eventStore.port.js';
import type { Config } from '../../infrastructure/shared/config/config.js';
import { openEventStoreForReading } from '../../infrastructure/shared/container/adapters.js';

function describeActor(entry: AuditEntry): string {
  if (entry.actorApplication) return `application ${entry.actorApplication.name} (${entry.actorApplication.clientId})`;
  if (!entry.actor) return 'system';
  return `${entry.actor.login ?? '?'} (id ${entry.actor.id})`;
}

export function formatAuditEntry(entry: AuditEntry): string {
  const origin = [entry.ip && `ip ${entry.ip}`, entry.userAgent && `agent ${JSON.stringify(entry.userAgent)}`].filter(Boolean).join(', ');
  return `#${entry.revision}  ${entry.occurredAt}  ${entry.type}  by ${describeActor(entry)}${origin ? `  [${origin}]` : ''}\n    ${JSON.stringify(entry.change)}`;
}

export async function auditStream(config: Config, streamId: string, options: { json?: boolean }): Promise<void> {
  await auditFound(config, async () => ({ found: true, streamId }), options, false);
}

// An id as the API's paths read one ("07" is 7), or null: its stream is named by the number.
function idOf(written: string): number | null {
  return /^\d{1,15}$/.test(written) ? Number(written) : null;
}

export type AuditTarget = 'user' | 'repo' | 'issue' | 'token' | 'project' | 'import';

const finders: Record<AuditTarget, (eventStore: EventStore, name: string) => Promise<StreamLookup>> = {
  user: findAccountStream,
  repo: findRepositoryStream,
  issue: findIssueStream,
  import: findImportStream,
  // a token by its authorization id: its stream outlives its deletion
  token: async (eventStore, written) => {
    const id = idOf(written);
    if (id === null) return { found: false, reason: `"${written}" is not an authorization id` };
    const [first] = await eventStore.readStream(`authorization-${id}`, { maxCount: 1 });
    return first ? { found: true, streamId: `authorization-${id}` } : { found: false, reason: `no authorization has the id ${id}` };
  },
  // a classic project by its id: its stream outlives its deletion
  project: async (eventStore, written) => {
    const id = idOf(written);
    if (id === null) return { found: false, reason: `"${written}" is not a project id` };
    const [first] = await eventStore.readStream(`project-${id}`, { maxCount: 1 });
    return first ? { found: true, streamId: `project-${id}` } : { found: false, reason: `no project has the id ${id}` };
  },
};

// `audit user <login>`, `audit repo <owner>/<name>`, `audit issue <owner>/<name>#<n>`.
export async function auditByName(config: Config, target: AuditTarget, name: string, options: { json?: boolean }): Promise<void> {
  await auditFound(config, (eventStore) => finders[target](eventStore, name), options, true);
}

export function listStreamKinds(): void {
  for (const kind of STREAM_KINDS) console.log(`${kind.pattern}\n    ${kind.holds}\n    forgelog ${kind.find}`);
}

// A stream found by name is printed under its name, so the person learns it.
async function auditFound(
  config: Config,
  find: (eventStore: EventStore) => Promise<StreamLookup>,
  options: { json?: boolean },
  nameIt: boolean,
): Promise<void> {
  const eventStore = await openEventStoreForReading(config);
  try {
    const lookup = await find(eventStore);
    const notFound = async (reason: string) => {
      console.error(reason);
      // A log with no event at all is most often the wrong directory (./data, from another
      // working directory), not an account that never was.
      if (!config.eventStoreUrl && (await eventStore.headPosition()) === -1)
        console.error(`The event log in ${config.dataDir} holds no event: is FORGELOG_DATA_DIR the server's data directory?`);
      process.exitCode = 1;
    };
    if (!lookup.found) return await notFound(lookup.reason);
    const streamId = lookup.streamId;
    if (nameIt && !options.json) console.log(`stream ${streamId}`);
    const entries = await streamHistory(eventStore, streamId, foldedLoginAt(eventStore));
    if (entries.length === 0) return await notFound(`stream ${streamId} has no events`);
    for (const entry of entries) console.log(options.json ? JSON.stringify(entry) : formatAuditEntry(entry));
  } finally {
    await eventStore.close();
  }
}
