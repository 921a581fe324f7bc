import { inject, injectable } from 'inversify';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { clientSecretMatches } from './oauthClientSecrets.js';
import { OAUTH_APPLICATIONS_COLLECTION, type OAuthApplication, type OAuthApplicationDocument } from './oauthApplications.readModel.js';

export interface OAuthApplicationsPage {
  readonly applications: readonly OAuthApplication[];
  readonly totalCount: number;
}

function withoutHash(document: OAuthApplicationDocument): OAuthApplication {
  const { id, client_id, client_secret_last_eight, name, url, callback_url, owner_id, created_at, updated_at } = document;
  return { id, client_id, client_secret_last_eight, name, url, callback_url, owner_id, created_at, updated_at };
}

@injectable()
export class OAuthApplicationQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  private get applications() {
    return this.store.collection<OAuthApplicationDocument>(OAUTH_APPLICATIONS_COLLECTION);
  }

  async applicationByClientId(clientId: string): Promise<OAuthApplication | null> {
    const document = await this.applications.findOne({ client_id: clientId });
    return document && withoutHash(document);
  }

  async applicationsPage(page: number, perPage: number): Promise<OAuthApplicationsPage> {
    const [documents, totalCount] = await Promise.all([
      this.applications.find({}, { sort: { id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
      this.applications.count({}),
    ]);
    return { applications: documents.map(withoutHash), totalCount };
  }

  // For OAuth authorizations: the application whose client_id and client_secret these are,
  // or null (unknown id and wrong secret look the same to the caller).
  async verifyClientCredentials(clientId: string, clientSecret: string): Promise<OAuthApplication | null> {
    const document = await this.applications.findOne({ client_id: clientId });
    if (!document) return null;
    return clientSecretMatches(clientSecret, document.client_secret_hash) ? withoutHash(document) : null;
  }
}
