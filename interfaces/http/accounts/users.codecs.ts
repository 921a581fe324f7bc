import * as t from 'io-ts';

// POST /admin/users: GitHub Enterprise's site-admin create, with an optional password so
// scripted set-ups can create users who log in.
export const CreateUserBody = t.intersection([
  t.type({ login: t.string }),
  t.partial({ email: t.union([t.string, t.null]), password: t.string, name: t.union([t.string, t.null]) }),
]);

export const UsersListQuery = t.partial({ since: t.string, per_page: t.string });
