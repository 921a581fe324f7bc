import { HOOKS_COLLECTION, HOOK_DELIVERIES_COLLECTION, type HookDeliveryDocument, type HookDocument } from '../../application/webhooks/webhooks.readModel.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Document } from '../../application/shared/ports/readModelStore.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { HookConfig, HookEvent } from '../../domain/webhooks/hook.events.js';
import { HOOK_EVENT_TYPES } from '../../domain/webhooks/hook.events.js';
import type { WebhookDeliveryAttempted, WebhookDeliveryQueued } from '../../domain/webhooks/delivery.events.js';

const hooks = (target: ProjectionTarget) => target.collection<HookDocument>(HOOKS_COLLECTION);
const deliveries = (target: ProjectionTarget) => target.collection<HookDeliveryDocument>(HOOK_DELIVERIES_COLLECTION);
// What an attempt needs from its delivery's first event: kept per guid by this projection.
const QUEUED_COLLECTION = 'hook_deliveries_queued';
interface QueuedDocument extends Document {
  _id: string; // guid
  hook_id: number;
  event: string;
  action: string | null;
  repository_id: number | null;
  payload: Record<string, unknown>;
}
const queued = (target: ProjectionTarget) => target.collection<QueuedDocument>(QUEUED_COLLECTION);

function configFields(config: HookConfig): Pick<HookDocument, 'url' | 'content_type' | 'insecure_ssl' | 'secret_ciphertext'> {
  return { url: config.url, content_type: config.contentType, insecure_ssl: config.insecureSsl, secret_ciphertext: config.secretCiphertext };
}

async function applyHookEvent(event: HookEvent, position: number, target: ProjectionTarget): Promise<void> {
  switch (event.type) {
    case 'HookCreated': {
      const { hookId, owner, events, active, config, createdAt } = event.data;
      await hooks(target).replaceOne(
        { _id: String(hookId) },
        {
          _id: String(hookId),
          id: hookId,
          owner_kind: owner.kind,
          owner_id: owner.id,
          events: [...events],
          active,
          ...configFields(config),
          last_response: { code: null, status: 'unused', message: null },
          created_position: position,
          created_at: createdAt,
          updated_at: createdAt,
        },
        { upsert: true },
      );
      return;
    }
    case 'HookUpdated': {
      const { changes, updatedAt } = event.data;
      await hooks(target).updateOne(
        { _id: String(event.data.hookId) },
        {
          $set: {
            ...(changes.events !== undefined ? { events: [...changes.events] } : {}),
            ...(changes.active !== undefined ? { active: changes.active } : {}),
            ...(changes.config !== undefined ? configFields(changes.config) : {}),
            updated_at: updatedAt,
          },
        },
      );
      return;
    }
    case 'HookDeleted':
      await hooks(target).deleteOne({ _id: String(event.data.hookId) });
      await deliveries(target).deleteMany({ hook_id: event.data.hookId });
      await queued(target).deleteMany({ hook_id: event.data.hookId });
      return;
    case 'HookPinged':
    case 'HookTested':
      return;
  }
}

// GitHub's delivery status words for what an attempt got.
function statusOf(statusCode: number, message: string): string {
  if (statusCode === 0) return message;
  return statusCode >= 200 && statusCode < 300 ? 'OK' : `Invalid HTTP Response: ${statusCode}`;
}

async function attempted(event: StoredEvent, target: ProjectionTarget): Promise<void> {
  const data = event.data as WebhookDeliveryAttempted['data'];
  const delivery = await queued(target).findOne({ _id: data.guid });
  const hook = await hooks(target).findOne({ _id: String(data.hookId) });
  if (!delivery || !hook) return;
  const status = statusOf(data.statusCode, data.message);
  // The attempt's id is its event's position: unique, and increasing as GitHub's ids do.
  const document: HookDeliveryDocument = {
    _id: String(event.position + 1),
    id: event.position + 1,
    guid: data.guid,
    hook_id: data.hookId,
    delivered_at: data.deliveredAt,
    redelivery: data.redelivery,
    duration: data.durationMs / 1000,
    status,
    status_code: data.statusCode,
    event: delivery.event,
    action: delivery.action,
    repository_id: delivery.repository_id,
    request: { headers: data.requestHeaders, payload: delivery.payload },
    response: { headers: data.responseHeaders, payload: data.responseBody },
  };
  await deliveries(target).replaceOne({ _id: document._id }, document, { upsert: true });
  await pruneOldDeliveries(target, data.hookId, data.deliveredAt);
  const ok = data.statusCode >= 200 && data.statusCode < 300;
  await hooks(target).updateOne(
    { _id: hook._id },
    { $set: { last_response: { code: data.statusCode === 0 ? null : data.statusCode, status: ok ? 'active' : 'misconfigured', message: status } } },
  );
}

// GitHub keeps a hook's deliveries for three days. Each attempt recorded prunes its hook's
// attempts older than that (by the events' own times, so a replay prunes the same), oldest
// first, stopping at the first one still kept: a write costs what it prunes. A delivery's
// queued payload goes with its last attempt.
export const DELIVERY_RETENTION_MS = 3 * 86_400_000;
const PRUNE_BATCH = 100;

async function pruneOldDeliveries(target: ProjectionTarget, hookId: number, now: string): Promise<void> {
  const cutoff = new Date(Date.parse(now) - DELIVERY_RETENTION_MS).toISOString();
  // Most attempts find nothing to prune: the oldest one alone says so.
  const [first] = await deliveries(target).find({ hook_id: hookId }, { sort: { id: 1 }, limit: 1 });
  if (!first || first.delivered_at >= cutoff) return;
  for (;;) {
    const oldest = await deliveries(target).find({ hook_id: hookId }, { sort: { id: 1 }, limit: PRUNE_BATCH });
    const expired = oldest.filter((attempt) => attempt.delivered_at < cutoff);
    for (const attempt of expired) {
      await deliveries(target).deleteOne({ _id: attempt._id });
      if (!(await deliveries(target).findOne({ guid: attempt.guid }))) await queued(target).deleteOne({ _id: attempt.guid });
    }
    if (expired.length < oldest.length || oldest.length < PRUNE_BATCH) return;
  }
}

// Hooks (their settings and last response) and every delivery attempt, newest first per hook.
export const webhooksProjection: Projection = {
  name: 'webhooks',
  // 4: deliveries kept three days
  version: 4,
  collections: [
    {
      name: HOOKS_COLLECTION,
      indexes: [
        { name: 'owner', keys: { owner_kind: 1, owner_id: 1, id: 1 } },
        // Whether any hook is active (asked for every activity event): a look-up, not a scan of the hooks.
        { name: 'active', keys: { active: 1 } },
      ],
    },
    {
      name: HOOK_DELIVERIES_COLLECTION,
      indexes: [
        { name: 'hook', keys: { hook_id: 1, id: 1, guid: 1 } },
        { name: 'guid', keys: { guid: 1 } },
      ],
    },
    { name: QUEUED_COLLECTION, indexes: [{ name: 'hook', keys: { hook_id: 1 } }] },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: new Set([...HOOK_EVENT_TYPES, 'WebhookDeliveryQueued', 'WebhookDeliveryAttempted']),
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    if (HOOK_EVENT_TYPES.has(event.type)) return applyHookEvent({ type: event.type, data: event.data } as HookEvent, event.position, target);
    if (event.type === 'WebhookDeliveryQueued') {
      const data = event.data as WebhookDeliveryQueued['data'];
      await queued(target).replaceOne(
        { _id: data.guid },
        { _id: data.guid, hook_id: data.hookId, event: data.event, action: data.action, repository_id: data.repositoryId, payload: data.payload },
        { upsert: true },
      );
    }
    if (event.type === 'WebhookDeliveryAttempted') await attempted(event, target);
  },
};
