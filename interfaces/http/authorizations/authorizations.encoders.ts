import type { OAuthApplication } from '../../../application/accounts/oauthApplications.readModel.js';
import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { AuthorizationDocument, OAuthGrantDocument } from '../../../application/authorizations/authorizations.readModel.js';
import { simpleUser } from '../accounts/users.encoders.js';
import { githubTime } from '../shared/githubTime.js';
import type { ApiUrls } from '../shared/apiUrls.js';

// GitHub shows a personal token's app as this placeholder: named by the note itself and
// pointing at the note_url, GitHub's page without one (its recorded answers from 2015 on;
// the " (API)" suffix was 2013's).
const PERSONAL_CLIENT_ID = '00000000000000000000';
const PERSONAL_APP_URL = 'https://docs.github.com/rest/oauth-authorizations/oauth-authorizations';

// What an authorization shows of its application (a deleted one's as it was registered).
type ShownApplication = Pick<OAuthApplication, 'client_id' | 'name' | 'url'>;

function appOf(authorization: { note: string | null; note_url: string | null }, application: ShownApplication | null) {
  return application
    ? { client_id: application.client_id, name: application.name, url: application.url }
    : { client_id: PERSONAL_CLIENT_ID, name: authorization.note ?? '', url: authorization.note_url || PERSONAL_APP_URL };
}

// GitHub's authorization: the plain token only in the answer that created it, "" after.
export function authorizationJson(
  authorization: AuthorizationDocument,
  token: string | null,
  application: ShownApplication | null,
  user: UserDocument | null,
  urls: ApiUrls,
) {
  return {
    id: authorization.id,
    url: urls.api(`/authorizations/${authorization.id}`),
    app: appOf(authorization, application),
    token: token ?? '',
    hashed_token: authorization.hashed_token,
    token_last_eight: authorization.token_last_eight,
    note: authorization.note,
    note_url: authorization.note_url,
    created_at: githubTime(authorization.created_at),
    updated_at: githubTime(authorization.updated_at),
    scopes: authorization.scopes,
    fingerprint: authorization.fingerprint,
    user: user ? simpleUser(user, urls) : null,
    installation: null,
    expires_at: null,
  };
}

// GitHub's application-grant.
export function grantJson(grant: OAuthGrantDocument, application: OAuthApplication | null, user: UserDocument | null, urls: ApiUrls) {
  return {
    id: grant.id,
    url: urls.api(`/applications/grants/${grant.id}`),
    app: application
      ? { client_id: application.client_id, name: application.name, url: application.url }
      : { client_id: grant.client_id, name: '', url: PERSONAL_APP_URL },
    created_at: githubTime(grant.created_at),
    updated_at: githubTime(grant.updated_at),
    scopes: grant.scopes,
    user: user ? simpleUser(user, urls) : null,
  };
}
