import * as t from 'io-ts';

const contentType = t.keyof({ json: null, form: null });
const insecureSsl = t.union([t.keyof({ '0': null, '1': null }), t.number]);

export const HookConfigBody = t.partial({ url: t.string, content_type: contentType, secret: t.union([t.string, t.null]), insecure_ssl: insecureSsl });
export const CreateHookBody = t.partial({ name: t.string, config: HookConfigBody, events: t.array(t.string), active: t.boolean });
export const UpdateHookBody = t.partial({
  config: HookConfigBody,
  events: t.array(t.string),
  add_events: t.array(t.string),
  remove_events: t.array(t.string),
  active: t.boolean,
});
