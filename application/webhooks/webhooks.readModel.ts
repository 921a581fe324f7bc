import type { HookOwner } from '../../domain/webhooks/hook.events.js';
import type { Document } from '../shared/ports/readModelStore.port.js';

export const HOOKS_COLLECTION = 'hooks';
export const HOOK_DELIVERIES_COLLECTION = 'hook_deliveries';

export interface HookLastResponse {
  readonly code: number | null;
  readonly status: string;
  readonly message: string | null;
}

export interface HookDocument extends Document {
  _id: string; // String(id)
  id: number;
  owner_kind: HookOwner['kind'];
  owner_id: number;
  events: string[];
  active: boolean;
  url: string;
  content_type: 'json' | 'form';
  insecure_ssl: '0' | '1';
  // Ciphertext only; the API shows "********" when there is one.
  secret_ciphertext: string | null;
  last_response: HookLastResponse;
  // The log position of HookCreated: the hook hears only events after it (a replay of the
  // log after a crash does not deliver the past to it).
  created_position: number;
  created_at: string;
  updated_at: string;
}

export interface DeliveredRequest {
  readonly headers: Record<string, string>;
  readonly payload: unknown;
}

export interface DeliveredResponse {
  readonly headers: Record<string, string>;
  readonly payload: string | null;
}

// One attempt at a delivery, as GitHub lists them (each redelivery is an attempt of its own, same guid).
export interface HookDeliveryDocument extends Document {
  _id: string; // String(id)
  id: number;
  guid: string;
  hook_id: number;
  delivered_at: string;
  redelivery: boolean;
  duration: number;
  status: string;
  status_code: number;
  event: string;
  action: string | null;
  repository_id: number | null;
  request: DeliveredRequest;
  response: DeliveredResponse;
}
