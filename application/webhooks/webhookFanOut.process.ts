import { createHash } from 'node:crypto';
import { ACTIVITY_SOURCE_TYPES } from '../../domain/activity/activitySources.js';
import { deliveryGuid, webhookDeliveryStream, type WebhookDeliveryQueued } from '../../domain/webhooks/delivery.events.js';
import { hookStream, type HookCreated, type HookPinged, type HookTested } from '../../domain/webhooks/hook.events.js';
import { hookListensTo, WEBHOOK_ONLY_SOURCE_TYPES } from '../../domain/webhooks/webhookEvents.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';
import { causedBy } from '../shared/processes/processEvents.js';
import { STEP_DONE, type ProcessManager, type StepOutcome } from '../shared/processes/processManager.js';
import type { HookQueries } from './hookQueries.js';
import type { DeliveryTarget, WebhookPayloads } from './webhookDelivery.ports.js';
import type { HookDocument } from './webhooks.readModel.js';

export const WEBHOOK_FAN_OUT = 'webhook-fan-out';

// The same hook hearing the same log event (and the same one of its deliveries) always gets the same GUID.
function guidFor(hookId: number, event: StoredEvent, index: number): string {
  return deliveryGuid(createHash('sha256').update(`${hookId}:${event.id}:${index}`).digest('hex'));
}

// Waiting on another part's progress (a projection catching up), not on time: due again at
// the runner's next tick whatever the clock says.
const waitForProgress = (clock: Clock): StepOutcome => ({ done: false, notBefore: clock.now() });

async function hookGone(eventStore: EventStore, hookId: number): Promise<boolean> {
  const [last] = await eventStore.readStream(hookStream(hookId), { direction: 'backwards', maxCount: 1 });
  return !last || last.type === 'HookDeleted';
}

// Queues a delivery: the first event of its own stream, appended only if the stream is new,
// so a step run twice queues it once.
async function queue(
  eventStore: EventStore,
  clock: Clock,
  trigger: StoredEvent,
  hook: HookDocument,
  index: number,
  delivery: Omit<WebhookDeliveryQueued['data'], 'guid' | 'hookId' | 'queuedAt'>,
): Promise<void> {
  const guid = guidFor(hook.id, trigger, index);
  const now = clock.now();
  const data: WebhookDeliveryQueued['data'] = { guid, hookId: hook.id, ...delivery, queuedAt: now.toISOString() };
  const metadata = causedBy(trigger, now, trigger.metadata.actorId);
  await eventStore.append(webhookDeliveryStream(guid), [{ id: guid, type: 'WebhookDeliveryQueued', data, metadata }], 'no_stream');
}

// Reads the log for what hooks must hear: a new or pinged hook gets a ping, each event the
// activity feeds derive goes to the repository's and its organization's hooks that listen to it.
// Each delivery is then a stream of its own, sent by the webhook sender (webhookSender.process.ts).
export function webhookFanOut(eventStore: EventStore, clock: Clock, hooks: HookQueries, payloads: WebhookPayloads): ProcessManager {
  return {
    name: WEBHOOK_FAN_OUT,
    // From the beginning, so that a restart without the checkpoint (a crash of the embedded
    // family) finds every event again: a hook hears only what came after its creation, and a
    // delivery already queued is not queued twice.
    startsFrom: 'beginning',
    // Events are queued independently of each other (each delivery has its own stream).
    concurrency: 8,
    stepsFor(event) {
      if (event.type === 'HookCreated' || event.type === 'HookPinged') {
        const { hookId } = event.data as (HookCreated | HookPinged)['data'];
        return [
          {
            name: 'queue-ping',
            async run() {
              const hook = await hooks.byId(hookId);
              if (!hook) return (await hookGone(eventStore, hookId)) ? STEP_DONE : waitForProgress(clock);
              const repositoryId = hook.owner_kind === 'repository' ? hook.owner_id : null;
              await queue(eventStore, clock, event, hook, 0, { event: 'ping', action: null, repositoryId, payload: await payloads.ping(hook) });
              return STEP_DONE;
            },
          },
        ];
      }
      if (event.type === 'HookTested') {
        const { hookId } = event.data as HookTested['data'];
        return [
          {
            name: 'queue-test',
            async run() {
              const hook = await hooks.byId(hookId);
              if (!hook) return (await hookGone(eventStore, hookId)) ? STEP_DONE : waitForProgress(clock);
              if (hook.owner_kind !== 'repository' || !hookListensTo(hook.events, 'push')) return STEP_DONE;
              const push = await payloads.latestPush(hook.owner_id);
              if (push) await queue(eventStore, clock, event, hook, 0, { event: 'push', action: null, repositoryId: hook.owner_id, payload: push.payload });
              return STEP_DONE;
            },
          },
        ];
      }
      if (!ACTIVITY_SOURCE_TYPES.has(event.type) && !WEBHOOK_ONLY_SOURCE_TYPES.has(event.type)) return [];
      return [
        {
          name: 'queue-deliveries',
          completionNeedsNoRecord: true,
          async run(): Promise<StepOutcome> {
            // Most events have no hook to hear them: nothing is read or rendered for those.
            if (!(await hooks.anyActive())) return STEP_DONE;
            const wanted = async (target: DeliveryTarget) =>
              (await hooks.listeningTo(target.repositoryId, target.organizationId, event.position)).some((hook) => hookListensTo(hook.events, target.event));
            const rendered = await payloads.forEvent(event, wanted);
            if (rendered === 'not-yet') return waitForProgress(clock);
            // Queued together: the appends share the log's group commit.
            const queued: Promise<void>[] = [];
            for (const [index, delivery] of rendered.entries()) {
              for (const hook of await hooks.listeningTo(delivery.repositoryId, delivery.organizationId, event.position)) {
                if (!hookListensTo(hook.events, delivery.event)) continue;
                const { event: name, action, repositoryId, payload } = delivery;
                queued.push(queue(eventStore, clock, event, hook, index, { event: name, action, repositoryId, payload }));
              }
            }
            await Promise.all(queued);
            return STEP_DONE;
          },
        },
      ];
    },
  };
}
