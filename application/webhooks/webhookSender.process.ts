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
import { causedBy } from '../shared/processes/processEvents.js';
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

// A delivery's stream (a few events): what was queued, and whether an attempt got a 2xx.
async function deliveryOf(eventStore: EventStore, guid: string): Promise<{ queued: WebhookDeliveryQueued['data'] | null; delivered: boolean }> {
  const events = await eventStore.readStream(webhookDeliveryStream(guid));
  const first = events[0];
  const delivered = events.some((event) => {
    if (event.type !== 'WebhookDeliveryAttempted') return false;
    const attempt = event.data as WebhookDeliveryAttempted['data'];
    return !attempt.redelivery && attempt.statusCode >= 200 && attempt.statusCode < 300;
  });
  return { queued: first?.type === 'WebhookDeliveryQueued' ? (first.data as WebhookDeliveryQueued['data']) : null, delivered };
}

// A receiver's answer that was not 2xx (or none): an attempt, recorded, that counts toward giving up.
class ReceiverRefused extends Error {}

// Attempts at one delivery before it is given up (with the runner's backoff: 1 s doubling,
// about four minutes in all); fewer than the runner's own limit, so the sender knows it ended.
export const MAX_DELIVERY_ATTEMPTS = 8;

// Deliveries of one hook leave in log order: each waits while an earlier one of the same hook
// is still being tried (registered when it first runs; the runner runs due processes in log
// order). After a restart only the unfinished ones run again, so only they wait on each other.
export class HookQueues {
  // Per hook, the positions waiting, ascending, and the same as a set: a waiting delivery asks
  // on every turn of the runner whether it is first, so neither asking nor entering may walk
  // the queue (a backlog of 26,000 behind a dead receiver made each turn quadratic).
  private readonly pending = new Map<number, { readonly order: number[]; readonly members: Set<number> }>();
  private readonly failures = new Map<string, number>();
  // By position, the wake-up of a delivery parked until it is first of its hook.
  private readonly wakers = new Map<number, () => void>();

  enter(hookId: number, position: number): void {
    let queue = this.pending.get(hookId);
    if (!queue) this.pending.set(hookId, (queue = { order: [], members: new Set() }));
    if (queue.members.has(position)) return;
    queue.members.add(position);
    queue.order.splice(insertionIndex(queue.order, position), 0, position);
  }

  isFirst(hookId: number, position: number): boolean {
    return (this.pending.get(hookId)?.order[0] ?? position) === position;
  }

  // Settles once the delivery at `position` is first of its hook (asked only when it is not):
  // the runner parks it until then instead of asking again on every turn.
  whenFirst(position: number): Promise<void> {
    return new Promise((resolve) => this.wakers.set(position, resolve));
  }

  failed(guid: string): number {
    const count = (this.failures.get(guid) ?? 0) + 1;
    this.failures.set(guid, count);
    return count;
  }

  leave(hookId: number, position: number, guid: string): void {
    this.failures.delete(guid);
    const queue = this.pending.get(hookId);
    if (!queue?.members.delete(position)) return;
    // Almost always the first (deliveries leave in order): shift, which V8 does without copying.
    if (queue.order[0] === position) queue.order.shift();
    else queue.order.splice(insertionIndex(queue.order, position), 1);
    if (queue.members.size === 0) this.pending.delete(hookId);
    this.wakers.delete(position);
    const next = queue.order[0];
    const wake = next === undefined ? undefined : this.wakers.get(next);
    if (wake) {
      this.wakers.delete(next!);
      wake();
    }
  }
}

// Where `position` is or goes in the ascending list (binary search; positions arrive in log
// order, so mostly at the end).
function insertionIndex(order: readonly number[], position: number): number {
  if (order.length === 0 || order[order.length - 1]! < position) return order.length;
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order[middle]! < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Sends a queued delivery (retried with the process runner's backoff until the receiver takes
// it with a 2xx, at most MAX_DELIVERY_ATTEMPTS times), and a redelivery (one attempt, as
// GitHub's, outside the order). Every attempt is recorded on the delivery's stream, which the
// deliveries API lists. A hook deleted or switched off meanwhile gets nothing.
export function webhookSender(eventStore: EventStore, clock: Clock, hooks: HookQueries, cipher: SecretCipher, transport: WebhookTransport): ProcessManager {
  const queues = new HookQueues();
  // One try at sending: returns once it is over (delivered, a redelivery's one attempt, or
  // nothing to send); an answer that was not 2xx is recorded as an attempt, then thrown
  // (ReceiverRefused).
  const send = async (guid: string, redelivery: boolean, trigger: StoredEvent): Promise<void> => {
    const { queued, delivered: already } = await deliveryOf(eventStore, guid);
    if (!redelivery && already) return;
    const hook = queued ? await hooks.byId(queued.hookId) : null;
    if (!queued || !hook || !hook.active) return;
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
    const metadata = causedBy(trigger, now, trigger.metadata.actorId);
    await eventStore.append(webhookDeliveryStream(guid), [{ id: randomUUID(), type: 'WebhookDeliveryAttempted', data, metadata }], 'any');
    const delivered = response.statusCode >= 200 && response.statusCode < 300;
    if (!delivered && !redelivery) throw new ReceiverRefused(`delivery ${guid} to hook ${hook.id}: ${response.message}`);
  };
  const attempt = (guid: string, hookId: number, redelivery: boolean, trigger: StoredEvent): ProcessStep => ({
    name: redelivery ? 'redeliver' : 'deliver',
    // A delivery records itself (its attempts, on its own stream): run again after a restart,
    // it finds the 2xx attempt and sends nothing. A redelivery's completion is recorded.
    completionNeedsNoRecord: !redelivery,
    async run() {
      if (redelivery) {
        await send(guid, true, trigger);
        return STEP_DONE;
      }
      // Parked while an earlier delivery of the same hook is in the queue, woken when it leaves.
      queues.enter(hookId, trigger.position);
      if (!queues.isFirst(hookId, trigger.position)) return { done: false, until: queues.whenFirst(trigger.position) };
      try {
        await send(guid, false, trigger);
      } catch (error) {
        // After MAX_DELIVERY_ATTEMPTS answers that were not 2xx (each recorded as an attempt)
        // the delivery is given up. Any other failure (reading the hook, appending) is the
        // runner's to retry, and to abandon, recorded, after its own limit (`abandoned`).
        if (!(error instanceof ReceiverRefused) || queues.failed(guid) < MAX_DELIVERY_ATTEMPTS) throw error;
      }
      queues.leave(hookId, trigger.position, guid);
      return STEP_DONE;
    },
    // Those behind a delivery given up must not wait on it.
    abandoned: redelivery ? undefined : () => queues.leave(hookId, trigger.position, guid),
  });
  return {
    name: WEBHOOK_SENDER,
    // Every queued delivery is sent once it is in the log, after a crash too (a sent one is
    // recorded on its process stream and not sent again).
    startsFrom: 'beginning',
    // As many as the transport sends at once: deliveries to different receivers do not wait on each other.
    concurrency: 8,
    stepsFor(event) {
      if (event.type === 'WebhookDeliveryQueued') {
        const { guid, hookId } = event.data as WebhookDeliveryQueued['data'];
        return [attempt(guid, hookId, false, event)];
      }
      if (event.type === 'WebhookRedeliveryRequested') {
        const { guid, hookId } = event.data as WebhookRedeliveryRequested['data'];
        return [attempt(guid, hookId, true, event)];
      }
      return [];
    },
  };
}
