import * as t from 'io-ts';

// POST /admin/oauth-applications: what GitHub's "Register a new OAuth application" form asks.
export const RegisterOAuthApplicationBody = t.type({ name: t.string, url: t.string, callback_url: t.string });
