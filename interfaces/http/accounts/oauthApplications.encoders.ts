import type { OAuthApplication } from '../../../application/accounts/oauthApplications.readModel.js';
import { githubTime } from '../shared/githubTime.js';

// An OAuth application as the site-admin routes show it; `url` is its homepage, as GitHub's
// OAuth app settings call it. The secret is never readable again: only registration
// answers it (oauthApplicationWithSecret), once.
export function oauthApplication(application: OAuthApplication) {
  return {
    id: application.id,
    client_id: application.client_id,
    name: application.name,
    url: application.url,
    callback_url: application.callback_url,
    owner_id: application.owner_id,
    client_secret_last_eight: application.client_secret_last_eight,
    created_at: githubTime(application.created_at),
    updated_at: githubTime(application.updated_at),
  };
}

export function oauthApplicationWithSecret(application: OAuthApplication, clientSecret: string) {
  return Object.assign(oauthApplication(application), { client_secret: clientSecret });
}
