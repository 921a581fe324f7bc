import { inject, injectable } from 'inversify';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { MIGRATIONS_COLLECTION, type MigrationDocument } from './migrations.readModel.js';

@injectable()
export class MigrationQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  private get migrations() {
    return this.store.collection<MigrationDocument>(MIGRATIONS_COLLECTION);
  }

  // One owner's migrations, newest first (the owner index walked backwards).
  async page(
    ownerKind: 'organization' | 'user',
    ownerId: number,
    page: number,
    perPage: number,
  ): Promise<{ migrations: MigrationDocument[]; totalCount: number }> {
    const filter = { owner_kind: ownerKind, owner_id: ownerId };
    const [migrations, totalCount] = await Promise.all([
      this.migrations.find(filter, { sort: { id: -1 }, skip: (page - 1) * perPage, limit: perPage }),
      this.migrations.count(filter),
    ]);
    return { migrations, totalCount };
  }

  async ofOwner(ownerKind: 'organization' | 'user', ownerId: number, migrationId: number): Promise<MigrationDocument | null> {
    const migration = await this.migrations.findOne({ _id: String(migrationId) });
    return migration && migration.owner_kind === ownerKind && migration.owner_id === ownerId ? migration : null;
  }

  byId(migrationId: number): Promise<MigrationDocument | null> {
    return this.migrations.findOne({ _id: String(migrationId) });
  }
}
