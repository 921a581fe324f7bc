import * as t from 'io-ts';

const nullableString = t.union([t.string, t.null]);

export const CreateProjectBody = t.intersection([t.type({ name: t.string }), t.partial({ body: nullableString })]);
export const UpdateProjectBody = t.partial({
  name: t.string,
  body: nullableString,
  state: t.keyof({ open: null, closed: null }),
  organization_permission: t.keyof({ read: null, write: null, admin: null, none: null }),
  private: t.boolean,
});
export const ColumnNameBody = t.type({ name: t.string });
export const ColumnMoveBody = t.type({ position: t.string });
export const CardMoveBody = t.intersection([t.type({ position: t.string }), t.partial({ column_id: t.number })]);
export const CreateCardBody = t.union([
  t.type({ note: nullableString }),
  t.type({ content_id: t.number, content_type: t.keyof({ Issue: null, PullRequest: null }) }),
]);
export const UpdateCardBody = t.partial({ note: nullableString, archived: t.boolean });
export const CollaboratorBody = t.partial({ permission: t.keyof({ read: null, write: null, admin: null }) });
