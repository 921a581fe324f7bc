import type { HookDeliveryDocument, HookDocument } from '../../../application/webhooks/webhooks.readModel.js';
import type { ApiUrls } from '../shared/apiUrls.js';
import { githubTime } from '../shared/githubTime.js';

// The path under which a hook lives: /repos/{owner}/{repo}/hooks/{id} or /orgs/{org}/hooks/{id}.
export type HookHome = { readonly kind: 'repository'; readonly fullName: string } | { readonly kind: 'organization'; readonly login: string };

export function hookPath(home: HookHome, hookId: number): string {
  return home.kind === 'repository' ? `/repos/${home.fullName}/hooks/${hookId}` : `/orgs/${home.login}/hooks/${hookId}`;
}

// GitHub's webhook-config: the secret is never shown, only that there is one.
export function hookConfigJson(hook: HookDocument) {
  return {
    content_type: hook.content_type,
    insecure_ssl: hook.insecure_ssl,
    url: hook.url,
    ...(hook.secret_ciphertext !== null ? { secret: '********' } : {}),
  };
}

// GitHub's hook (repository) and org-hook (organization).
export function hookJson(hook: HookDocument, home: HookHome, urls: ApiUrls) {
  const path = hookPath(home, hook.id);
  const common = {
    type: home.kind === 'repository' ? 'Repository' : 'Organization',
    id: hook.id,
    name: 'web',
    active: hook.active,
    events: hook.events,
    config: hookConfigJson(hook),
    updated_at: githubTime(hook.updated_at),
    created_at: githubTime(hook.created_at),
    url: urls.api(path),
    ping_url: urls.api(`${path}/pings`),
    deliveries_url: urls.api(`${path}/deliveries`),
  };
  return home.kind === 'repository' ? { ...common, test_url: urls.api(`${path}/test`), last_response: hook.last_response } : common;
}

// GitHub's hook-delivery-item (the list) and hook-delivery (one, with request and response).
export function deliveryItemJson(delivery: HookDeliveryDocument) {
  return {
    id: delivery.id,
    guid: delivery.guid,
    delivered_at: githubTime(delivery.delivered_at),
    redelivery: delivery.redelivery,
    duration: delivery.duration,
    status: delivery.status,
    status_code: delivery.status_code,
    event: delivery.event,
    action: delivery.action,
    installation_id: null,
    repository_id: delivery.repository_id,
    throttled_at: null,
  };
}

export function deliveryJson(delivery: HookDeliveryDocument, home: HookHome, urls: ApiUrls) {
  return {
    ...deliveryItemJson(delivery),
    url: urls.api(`${hookPath(home, delivery.hook_id)}/deliveries/${delivery.id}`),
    request: { headers: delivery.request.headers, payload: delivery.request.payload },
    response: { headers: delivery.response.headers, payload: delivery.response.payload },
  };
}
