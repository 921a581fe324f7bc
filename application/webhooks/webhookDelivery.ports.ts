import type { StoredEvent } from '../shared/ports/eventStore.port.js';
import type { HookDocument } from './webhooks.readModel.js';

export interface WebhookRequest {
  readonly url: string;
  readonly insecureSsl: boolean;
  readonly headers: Record<string, string>;
  readonly body: string;
}

// What came back; statusCode 0 when nothing did (a refused target, a timeout, a reset), with why.
export interface WebhookResponse {
  readonly statusCode: number;
  readonly message: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
  readonly durationMs: number;
}

// Sends one delivery; never throws for what the receiver does. Adapters bound the wait, the
// answer's size and the addresses they will reach (infrastructure/webhooks).
export interface WebhookTransport {
  send(request: WebhookRequest): Promise<WebhookResponse>;
}

export interface DeliveryTarget {
  readonly event: string;
  readonly repositoryId: number | null;
  readonly organizationId: number | null;
}

export interface RenderedDelivery extends DeliveryTarget {
  readonly action: string | null;
  readonly payload: Record<string, unknown>;
}

// GitHub's payloads, in GitHub's shapes (built where the API's encoders are: interfaces/http/webhooks).
export interface WebhookPayloads {
  ping(hook: HookDocument): Promise<Record<string, unknown>>;
  // The repository's latest push as a push delivery (POST .../tests), or null without one.
  latestPush(repositoryId: number): Promise<RenderedDelivery | null>;
  // The deliveries a log event makes ([] for none), rendered only where `wanted` says a hook
  // listens; 'not-yet' while the records they are made from (the activity projection's) have
  // not caught up with the event.
  forEvent(event: StoredEvent, wanted: (delivery: DeliveryTarget) => Promise<boolean>): Promise<readonly RenderedDelivery[] | 'not-yet'>;
}
