import { createHmac, randomUUID } from 'node:crypto';
import {
  webhookDeliveryStream,
  type WebhookDeliveryAttempted,
  type WebhookDeliveryQueued,
  type WebhookRedeliveryRequested,
} from '../../domain/webhooks/delivery.events.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';
import type { SecretCipher } from '../shared/ports/secretCipher.port.js';
import { STEP_DONE, type ProcessManager, type ProcessStep } from '../shared/processes/processManager.js';
import type { HookQueries } from './hookQueries.js';
import type { WebhookTransport } from './webhookDelivery.ports.js';
import type { HookDocument } from './webhooks.readModel.js';

export const WEBHOOK_SENDER = 'webhook-sender';
export const HOOKSHOT_USER_AGENT = 'GitHub-Hookshot/forgelog';

// GitHub's delivery headers, and both signatures when the hook has a secret.
export function deliveryHeaders(hook: HookDocument, queued: WebhookDeliveryQueued['data'], body: string, secret: string | null): Record<string, string> {
  const targetType = hook.owner_kind === 'repository' ? 'repository' : 'organization';
  return {
    Accept: '*/*',
    'Content-Type': hook.content_type === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
    'User-Agent': HOOKSHOT_USER_AGENT,
    'X-GitHub-Delivery': queued.guid,
    'X-GitHub-Event': queued.event,
    'X-GitHub-Hook-ID': String(hook.id),
    'X-GitHub-Hook-Installation-Target-ID': String(hook.owner_id),
    'X-GitHub-Hook-Installation-Target-Type': targetType,
    ...(secret !== null
      ? {
          'X-Hub-Signature': `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`,
          'X-Hub-Signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
        }
      : {}),
  };
}

export function deliveryBody(hook: HookDocument, payload: Record<string, unknown>): string {
  const json = JSON.stringify(payload);
  return hook.content_type === 'json' ? json : `payload=${encodeURIComponent(json)}`;
}

async function queuedOf(eventStore: EventStore, guid: string): Promise<WebhookDeliveryQueued['data'] | null> {
  const [first] = await eventStore.readStream(webhookDeliveryStream(guid), { maxCount: 1 });
  return first?.type === 'WebhookDeliveryQueued' ? (first.data as WebhookDeliveryQueued['data']) : null;
}

// Sends a queued delivery (retried with the process runner's backoff until the receiver takes
// it with a 2xx), and a redelivery (one attempt, as GitHub's). Every attempt is recorded on the
// delivery's stream, which the deliveries API lists. A hook deleted or switched off meanwhile
// gets nothing.
export function webhookSender(eventStore: EventStore, clock: Clock, hooks: HookQueries, cipher: SecretCipher, transport: WebhookTransport): ProcessManager {
  const attempt = (guid: string, redelivery: boolean, trigger: StoredEvent): ProcessStep => ({
    name: redelivery ? 'redeliver' : 'deliver',
    async run() {
      const queued = await queuedOf(eventStore, guid);
      const hook = queued ? await hooks.byId(queued.hookId) : null;
      if (!queued || !hook || !hook.active) return STEP_DONE;
      const secret = hook.secret_ciphertext === null ? null : await cipher.decrypt(hook.secret_ciphertext);
      const body = deliveryBody(hook, queued.payload);
      const headers = deliveryHeaders(hook, queued, body, secret);
      const response = await transport.send({ url: hook.url, insecureSsl: hook.insecure_ssl === '1', headers, body });
      const now = clock.now();
      const data: WebhookDeliveryAttempted['data'] = {
        guid,
        hookId: hook.id,
        redelivery,
        deliveredAt: new Date(now.getTime() - response.durationMs).toISOString(),
        durationMs: response.durationMs,
        statusCode: response.statusCode,
        message: response.message,
        requestHeaders: headers,
        responseHeaders: response.headers,
        responseBody: response.body,
      };
      const metadata = {
        schemaVersion: 1,
        actorId: trigger.metadata.actorId,
        correlationId: trigger.metadata.correlationId,
        causationId: trigger.id,
        occurredAt: now.toISOString(),
      };
      await eventStore.append(webhookDeliveryStream(guid), [{ id: randomUUID(), type: 'WebhookDeliveryAttempted', data, metadata }], 'any');
      const delivered = response.statusCode >= 200 && response.statusCode < 300;
      if (!delivered && !redelivery) throw new Error(`delivery ${guid} to hook ${hook.id}: ${response.message}`);
      return STEP_DONE;
    },
  });
  return {
    name: WEBHOOK_SENDER,
    // Every queued delivery is sent once it is in the log, after a crash too (a sent one is
    // recorded on its process stream and not sent again).
    startsFrom: 'beginning',
    // As many as the transport sends at once: deliveries to different receivers do not wait on each other.
    concurrency: 8,
    stepsFor(event) {
      if (event.type === 'WebhookDeliveryQueued') return [attempt((event.data as WebhookDeliveryQueued['data']).guid, false, event)];
      if (event.type === 'WebhookRedeliveryRequested') return [attempt((event.data as WebhookRedeliveryRequested['data']).guid, true, event)];
      return [];
    },
  };
}
