import { inject, injectable } from 'inversify';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { pageAcross } from '../shared/pageAcross.js';
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

  // GET /authorizations, of the applications named by `clientIds` when given (GitHub's
  // client_id filter): each application's run read from the index to the end of the page.
  async ofUser(userId: number, page: number, perPage: number, clientIds?: readonly string[]): Promise<Paged<AuthorizationDocument>> {
    const filter = { user_id: userId };
    const window = { skip: (page - 1) * perPage, limit: perPage };
    if (clientIds === undefined) {
      return { items: await this.authorizations.find(filter, { sort: { id: 1 }, ...window }), totalCount: await this.authorizations.count(filter) };
    }
    const values = [...new Set(clientIds)];
    const counts = await Promise.all(values.map((clientId) => this.authorizations.count({ ...filter, client_id: clientId })));
    return {
      items: await pageAcross(this.authorizations, filter, { field: 'client_id', values }, { id: 1 }, window),
      totalCount: counts.reduce((sum, count) => sum + count, 0),
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

  // Every token of a user (their deletion ends them all).
  allOfUser(userId: number): Promise<AuthorizationDocument[]> {
    return this.authorizations.find({ user_id: userId }, { sort: { id: 1 } });
  }

  // Every user's tokens of one application (its deletion revokes them all).
  allOfApplication(applicationId: number): Promise<AuthorizationDocument[]> {
    return this.authorizations.find({ application_id: applicationId }, { sort: { id: 1 } });
  }

  byHashedToken(hashedToken: string): Promise<AuthorizationDocument | null> {
    return this.authorizations.findOne({ hashed_token: hashedToken });
  }

  // A page of a user's grants from the (user_id, id, client_id) index; of some applications
  // (client_id), one look-up each in (user_id, client_id, id): a user has at most one grant
  // per application, so the cost is the ids asked for, not the user's grants.
  async grantsOf(userId: number, clientIds: readonly string[] | undefined, page: number, perPage: number): Promise<Paged<OAuthGrantDocument>> {
    if (clientIds === undefined) {
      const filter = { user_id: userId };
      return {
        items: await this.grants.find(filter, { sort: { id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
        totalCount: await this.grants.count(filter),
      };
    }
    const found: OAuthGrantDocument[] = [];
    for (const clientId of new Set(clientIds)) {
      const grant = await this.grants.findOne({ user_id: userId, client_id: clientId });
      if (grant) found.push(grant);
    }
    found.sort((a, b) => a.id - b.id);
    return { items: found.slice((page - 1) * perPage, page * perPage), totalCount: found.length };
  }

  async grantOwnedBy(userId: number, grantId: number): Promise<OAuthGrantDocument | null> {
    const found = await this.grants.findOne({ id: grantId });
    return found && found.user_id === userId ? found : null;
  }

  grantFor(userId: number, applicationId: number): Promise<OAuthGrantDocument | null> {
    return this.grants.findOne({ _id: `${userId}:${applicationId}` });
  }
}
