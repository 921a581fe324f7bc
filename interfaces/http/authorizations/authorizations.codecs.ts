import * as t from 'io-ts';

const Scopes = t.union([t.array(t.string), t.null]);
const OptionalText = t.union([t.string, t.null]);

export const CreateAuthorizationBody = t.partial({
  scopes: Scopes,
  note: OptionalText,
  note_url: OptionalText,
  client_id: t.string,
  client_secret: t.string,
  fingerprint: OptionalText,
});

export const GetOrCreateAuthorizationBody = t.intersection([
  t.type({ client_secret: t.string }),
  t.partial({ scopes: Scopes, note: OptionalText, note_url: OptionalText, fingerprint: OptionalText }),
]);

export const UpdateAuthorizationBody = t.partial({
  scopes: Scopes,
  add_scopes: t.array(t.string),
  remove_scopes: t.array(t.string),
  note: OptionalText,
  note_url: OptionalText,
  fingerprint: OptionalText,
});
