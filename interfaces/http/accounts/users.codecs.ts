import * as t from 'io-ts';

const nullableString = t.union([t.string, t.null]);

// POST /admin/users: GitHub Enterprise's site-admin create, with an optional password so
// scripted set-ups can create users who log in.
export const CreateUserBody = t.intersection([t.type({ login: t.string }), t.partial({ email: nullableString, password: t.string, name: nullableString })]);

export const UsersListQuery = t.partial({ since: t.string, per_page: t.string });

// PATCH /admin/users/{username}
export const RenameUserBody = t.type({ login: t.string });

// PUT/DELETE /users/{username}/suspended: the body (and its reason) is optional.
export const SuspensionBody = t.partial({ reason: nullableString });

// PATCH /user: every field optional; `login` is refused by the route before this runs.
export const UpdateProfileBody = t.partial({
  name: nullableString,
  email: nullableString,
  blog: nullableString,
  twitter_username: nullableString,
  company: nullableString,
  location: nullableString,
  hireable: t.union([t.boolean, t.null]),
  bio: nullableString,
});
export type UpdateProfileBody = t.TypeOf<typeof UpdateProfileBody>;

// PATCH /user/password: forgelog's own route (GitHub has no API for it).
export const ChangePasswordBody = t.type({ old_password: t.string, new_password: t.string });
