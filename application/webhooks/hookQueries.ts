import { inject, injectable } from 'inversify';
import type { HookOwner } from '../../domain/webhooks/hook.events.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { HOOKS_COLLECTION, HOOK_DELIVERIES_COLLECTION, type HookDeliveryDocument, type HookDocument } from './webhooks.readModel.js';

@injectable()
export class HookQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  private hooks() {
    return this.store.collection<HookDocument>(HOOKS_COLLECTION);
  }

  private deliveries() {
    return this.store.collection<HookDeliveryDocument>(HOOK_DELIVERIES_COLLECTION);
  }

  byId(id: number): Promise<HookDocument | null> {
    return this.hooks().findOne({ _id: String(id) });
  }

  // A hook of this owner, or null (another owner's hook is not found here).
  async ofOwner(owner: HookOwner, id: number): Promise<HookDocument | null> {
    const hook = await this.byId(id);
    return hook && hook.owner_kind === owner.kind && hook.owner_id === owner.id ? hook : null;
  }

  // The owner's hook delivering to this URL, through the owner's hooks (few).
  withUrl(owner: HookOwner, url: string): Promise<HookDocument | null> {
    return this.hooks().findOne({ owner_kind: owner.kind, owner_id: owner.id, url });
  }

  async page(owner: HookOwner, page: number, perPage: number): Promise<{ hooks: HookDocument[]; totalCount: number }> {
    const filter = { owner_kind: owner.kind, owner_id: owner.id };
    const [hooks, totalCount] = await Promise.all([
      this.hooks().find(filter, { sort: { id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
      this.hooks().count(filter),
    ]);
    return { hooks, totalCount };
  }

  async anyActive(): Promise<boolean> {
    return (await this.hooks().findOne({ active: true })) !== null;
  }

  // The hooks that hear about a repository's events: its own, and its organization's (those
  // created before the event, when its position is given).
  async listeningTo(repositoryId: number | null, organizationId: number | null, position?: number): Promise<HookDocument[]> {
    // One indexed look-up per owner (owner_kind, owner_id): the cost of an event is its owners' hooks.
    const owners: HookOwner[] = [
      ...(repositoryId !== null ? [{ kind: 'repository' as const, id: repositoryId }] : []),
      ...(organizationId !== null ? [{ kind: 'organization' as const, id: organizationId }] : []),
    ];
    const hooks = (await Promise.all(owners.map((owner) => this.hooks().find({ owner_kind: owner.kind, owner_id: owner.id })))).flat();
    return hooks.filter((hook) => hook.active && (position === undefined || hook.created_position < position)).sort((a, b) => a.id - b.id);
  }

  // Newest first, as GitHub lists them.
  deliveriesOf(hookId: number, perPage: number, before: number | null): Promise<HookDeliveryDocument[]> {
    return this.deliveries().find({ hook_id: hookId, ...(before !== null ? { id: { $lt: before } } : {}) }, { sort: { id: -1 }, limit: perPage });
  }

  delivery(hookId: number, deliveryId: number): Promise<HookDeliveryDocument | null> {
    return this.deliveries().findOne({ _id: String(deliveryId), hook_id: hookId });
  }
}
