import { inject, injectable } from 'inversify';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { AUTHORIZATIONS_COLLECTION, OAUTH_GRANTS_COLLECTION, type AuthorizationDocument, type OAuthGrantDocument } from './authorizations.readModel.js';

export interface Paged<T> {
  readonly items: readonly T[];
  readonly totalCount: number;
}

// The read side of authorizations and grants: each user sees only their own.
@injectable()
export class AuthorizationQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  private get authorizations() {
    return this.store.collection<AuthorizationDocument>(AUTHORIZATIONS_COLLECTION);
  }

  private get grants() {
    return this.store.collection<OAuthGrantDocument>(OAUTH_GRANTS_COLLECTION);
  }

  async ofUser(userId: number, page: number, perPage: number): Promise<Paged<AuthorizationDocument>> {
    const filter = { user_id: userId };
    return {
      items: await this.authorizations.find(filter, { sort: { id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
      totalCount: await this.authorizations.count(filter),
    };
  }

  async ownedBy(userId: number, authorizationId: number): Promise<AuthorizationDocument | null> {
    const found = await this.authorizations.findOne({ _id: String(authorizationId) });
    return found && found.user_id === userId ? found : null;
  }

  // get-or-create: the user's token of this application with this fingerprint (null: none given).
  forApplication(userId: number, applicationId: number, fingerprint: string | null): Promise<AuthorizationDocument | null> {
    return this.authorizations.findOne({ user_id: userId, application_id: applicationId, fingerprint });
  }

  // A personal token's note tells it apart from the user's others.
  personalWithNote(userId: number, note: string): Promise<AuthorizationDocument | null> {
    return this.authorizations.findOne({ user_id: userId, application_id: null, note });
  }

  ofApplication(userId: number, applicationId: number): Promise<AuthorizationDocument[]> {
    return this.authorizations.find({ user_id: userId, application_id: applicationId }, { sort: { id: 1 } });
  }

  // Every user's tokens of one application (its deletion revokes them all).
  allOfApplication(applicationId: number): Promise<AuthorizationDocument[]> {
    return this.authorizations.find({ application_id: applicationId }, { sort: { id: 1 } });
  }

  byHashedToken(hashedToken: string): Promise<AuthorizationDocument | null> {
    return this.authorizations.findOne({ hashed_token: hashedToken });
  }

  async grantsOf(userId: number, clientId: string | undefined, page: number, perPage: number): Promise<Paged<OAuthGrantDocument>> {
    const filter = clientId === undefined ? { user_id: userId } : { user_id: userId, client_id: clientId };
    return {
      items: await this.grants.find(filter, { sort: { id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
      totalCount: await this.grants.count(filter),
    };
  }

  async grantOwnedBy(userId: number, grantId: number): Promise<OAuthGrantDocument | null> {
    const found = await this.grants.findOne({ id: grantId });
    return found && found.user_id === userId ? found : null;
  }

  grantFor(userId: number, applicationId: number): Promise<OAuthGrantDocument | null> {
    return this.grants.findOne({ _id: `${userId}:${applicationId}` });
  }
}
