import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { HookConfig, HookEvent, HookOwner, HookSettings } from './hook.events.js';
import { ALL_EVENTS, WEBHOOK_EVENT_NAMES } from './webhookEvents.js';
import { hookValidation, type WebhooksError } from './webhooks.errors.js';

export type HookCommand =
  | ({ readonly type: 'CreateHook'; readonly hookId: number; readonly owner: HookOwner; readonly now: Date } & HookSettings)
  | { readonly type: 'UpdateHook'; readonly changes: HookChanges; readonly now: Date }
  | { readonly type: 'DeleteHook'; readonly now: Date }
  | { readonly type: 'PingHook'; readonly now: Date }
  | { readonly type: 'TestHook'; readonly now: Date };

// What a PATCH asks, applied to the hook as it is when the change is decided (not as the
// request read it: two changes at once both count): events replaced, added to or removed
// from, and the config's fields that were sent.
export interface HookChanges {
  readonly events?: readonly string[];
  readonly addEvents?: readonly string[];
  readonly removeEvents?: readonly string[];
  readonly active?: boolean;
  readonly config?: Partial<HookConfig>;
}

function applied(changes: HookChanges, state: HookSettings): Partial<HookSettings> {
  let events = changes.events ? [...changes.events] : [...state.events];
  if (changes.addEvents) events = [...events, ...changes.addEvents.filter((event) => !events.includes(event))];
  if (changes.removeEvents) events = events.filter((event) => !changes.removeEvents!.includes(event));
  return {
    events,
    ...(changes.active !== undefined ? { active: changes.active } : {}),
    ...(changes.config !== undefined ? { config: { ...state.config, ...changes.config } } : {}),
  };
}

export type HookState =
  { readonly status: 'none' | 'deleted' } | ({ readonly status: 'present'; readonly hookId: number; readonly owner: HookOwner } & HookSettings);

// GitHub's own checks: an http(s) URL, a known content type, events it knows.
export function validHookSettings(settings: Partial<HookSettings>): Either<WebhooksError, Partial<HookSettings>> {
  const config = settings.config;
  if (config !== undefined) {
    const url = validUrl(config.url);
    if (url === null)
      return left(
        hookValidation(
          'url',
          config.url === '' ? 'missing_field' : 'custom',
          config.url === '' ? 'url is missing' : "url is not supported because it isn't reachable over the public Internet or is not a valid http(s) URL",
        ),
      );
  }
  for (const event of settings.events ?? []) {
    if (event !== ALL_EVENTS && !WEBHOOK_EVENT_NAMES.has(event)) return left(hookValidation('events', 'invalid', `${event} is not a valid event name`));
  }
  if (settings.events !== undefined && settings.events.length === 0) return left(hookValidation('events', 'invalid', 'events cannot be empty'));
  return right(settings);
}

function validUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function sameConfig(a: HookConfig, b: HookConfig): boolean {
  return a.url === b.url && a.contentType === b.contentType && a.insecureSsl === b.insecureSsl && a.secretCiphertext === b.secretCiphertext;
}

function changed(changes: Partial<HookSettings>, state: HookSettings): Partial<HookSettings> {
  return {
    ...(changes.events !== undefined && changes.events.join(',') !== state.events.join(',') ? { events: changes.events } : {}),
    ...(changes.active !== undefined && changes.active !== state.active ? { active: changes.active } : {}),
    ...(changes.config !== undefined && !sameConfig(changes.config, state.config) ? { config: changes.config } : {}),
  };
}

export const hookDecider: Decider<HookCommand, HookState, HookEvent, WebhooksError> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'HookCreated': {
        const { hookId, owner, events, active, config } = event.data;
        return { status: 'present', hookId, owner, events, active, config };
      }
      case 'HookUpdated':
        return state.status === 'present' ? { ...state, ...event.data.changes } : state;
      case 'HookDeleted':
        return { status: 'deleted' };
      case 'HookPinged':
      case 'HookTested':
        return state;
    }
  },
  decide: (command, state): Either<WebhooksError, readonly HookEvent[]> => {
    const at = command.now.toISOString();
    if (command.type === 'CreateHook') {
      if (state.status !== 'none') return left({ _tag: 'HookNotFound' });
      const { hookId, owner, events, active, config } = command;
      const valid = validHookSettings({ events, active, config });
      if (valid._tag === 'Left') return valid;
      return right([{ type: 'HookCreated', data: { hookId, owner, events, active, config, createdAt: at } }]);
    }
    if (state.status !== 'present') return left({ _tag: 'HookNotFound' });
    switch (command.type) {
      case 'UpdateHook': {
        const wanted = applied(command.changes, state);
        const valid = validHookSettings(wanted);
        if (valid._tag === 'Left') return valid;
        const changes = changed(wanted, state);
        if (Object.keys(changes).length === 0) return right([]);
        return right([{ type: 'HookUpdated', data: { hookId: state.hookId, owner: state.owner, changes, updatedAt: at } }]);
      }
      case 'DeleteHook':
        return right([{ type: 'HookDeleted', data: { hookId: state.hookId, owner: state.owner, deletedAt: at } }]);
      case 'PingHook':
        return right([{ type: 'HookPinged', data: { hookId: state.hookId, owner: state.owner, pingedAt: at } }]);
      case 'TestHook':
        return right([{ type: 'HookTested', data: { hookId: state.hookId, owner: state.owner, testedAt: at } }]);
    }
  },
};
