import type { DomainEvent } from '../shared/event.js';

// A delivery's life, in the stream `webhook-delivery-<guid>`: queued once (the guid is made
// from the hook and the event it reports, so queueing twice is refused), then attempts.
export type WebhookDeliveryQueued = DomainEvent<
  'WebhookDeliveryQueued',
  {
    readonly guid: string;
    readonly hookId: number;
    readonly event: string;
    readonly action: string | null;
    readonly repositoryId: number | null;
    // The body as it was when the event happened: a redelivery sends the same.
    readonly payload: Record<string, unknown>;
    readonly queuedAt: string;
  }
>;

export type WebhookDeliveryAttempted = DomainEvent<
  'WebhookDeliveryAttempted',
  {
    readonly guid: string;
    readonly hookId: number;
    readonly redelivery: boolean;
    readonly deliveredAt: string;
    readonly durationMs: number;
    // 0 when no answer came (refused target, timeout, connection error).
    readonly statusCode: number;
    readonly message: string;
    readonly requestHeaders: Record<string, string>;
    readonly responseHeaders: Record<string, string>;
    readonly responseBody: string | null;
  }
>;

export type WebhookRedeliveryRequested = DomainEvent<
  'WebhookRedeliveryRequested',
  { readonly guid: string; readonly hookId: number; readonly requestedAt: string }
>;

export type WebhookDeliveryEvent = WebhookDeliveryQueued | WebhookDeliveryAttempted | WebhookRedeliveryRequested;

export const webhookDeliveryStream = (guid: string): string => `webhook-delivery-${guid}`;

// A GUID that is the same every time the same hook reports the same log event (version-4 layout
// over a digest the caller computes), so a delivery queued again after a restart is the same delivery.
export function deliveryGuid(digestHex: string): string {
  const hex = digestHex.slice(0, 32).split('');
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}
