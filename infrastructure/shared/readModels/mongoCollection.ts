import type { Collection as DriverCollection, Document as DriverDocument, Filter as DriverFilter, UpdateResult } from 'mongodb';
import type {
  BatchWrite,
  Collection,
  Document,
  Filter,
  FindOptions,
  IndexSpec,
  Update,
  WriteResult,
} from '../../../application/shared/ports/readModelStore.port.js';
import { newDocumentId } from './documentId.js';
import { assertReplacement, assertUpdateOperators, withIdFirst } from './documentRules.js';
import { writeInPasses } from './batchWritePasses.js';
import { bulkRefusals, translatingErrors } from './mongoErrors.js';
import { filterFixesId } from './upsertSeed.js';

function writeResult(result: UpdateResult): WriteResult {
  return { matched: result.matchedCount, modified: result.modifiedCount, upserted: result.upsertedCount > 0 };
}

function setsId(update: Update): boolean {
  return Object.values(update).some((fields) => typeof fields === 'object' && fields !== null && '_id' in fields);
}

// Left alone, an upsert would give the new document an ObjectId; this gives it a string id.
function withStringIdOnInsert(filter: Filter, update: Update): Update {
  if (filterFixesId(filter) || setsId(update)) return update;
  const onInsert = (update.$setOnInsert ?? {}) as Record<string, unknown>;
  return { ...update, $setOnInsert: { _id: newDocumentId(), ...onInsert } };
}

// A replacement upsert without an _id, as one atomic pipeline update: a matched document keeps
// its _id, an inserted one takes the filter's _id equality (MongoDB seeds it) or a new string.
function replacementPipeline(document: Document): DriverDocument[] {
  const id = { $ifNull: ['$_id', { $literal: newDocumentId() }] };
  return [{ $replaceWith: { $mergeObjects: [{ _id: id }, { $literal: document }] } }];
}

export class MongoCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly collection: DriverCollection<DriverDocument>,
    private readonly name: string,
  ) {}

  private run<R>(operation: () => Promise<R>): Promise<R> {
    return translatingErrors(this.name, operation);
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const { sort, skip, limit, projection } = options;
    const found = await this.run(() => this.collection.find(filter as DriverFilter<DriverDocument>, { sort, skip, limit, projection }).toArray());
    return found as unknown as T[];
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'sort' | 'projection'> = {}): Promise<T | null> {
    const { sort, projection } = options;
    const found = await this.run(() => this.collection.findOne(filter as DriverFilter<DriverDocument>, { sort, projection }));
    return (found as unknown as T | null) ?? null;
  }

  count(filter: Filter): Promise<number> {
    return this.run(() => this.collection.countDocuments(filter as DriverFilter<DriverDocument>));
  }

  async insertOne(document: T): Promise<void> {
    await this.run(() => this.collection.insertOne(withIdFirst(document)));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<WriteResult> {
    assertUpdateOperators(update);
    const upsert = options.upsert ?? false;
    const effective = upsert ? withStringIdOnInsert(filter, update) : update;
    return writeResult(await this.run(() => this.collection.updateOne(filter as DriverFilter<DriverDocument>, effective, { upsert })));
  }

  async updateMany(filter: Filter, update: Update): Promise<WriteResult> {
    assertUpdateOperators(update);
    return writeResult(await this.run(() => this.collection.updateMany(filter as DriverFilter<DriverDocument>, update)));
  }

  async replaceOne(filter: Filter, document: T, options: { upsert?: boolean } = {}): Promise<WriteResult> {
    assertReplacement(document);
    const driverFilter = filter as DriverFilter<DriverDocument>;
    if (options.upsert && document._id === undefined) {
      const pipeline = replacementPipeline(document);
      return writeResult(await this.run(() => this.collection.updateOne(driverFilter, pipeline, { upsert: true })));
    }
    const upsert = options.upsert ?? false;
    return writeResult(await this.run(() => this.collection.replaceOne(driverFilter, { ...document }, { upsert })));
  }

  async deleteOne(filter: Filter): Promise<number> {
    const result = await this.run(() => this.collection.deleteOne(filter as DriverFilter<DriverDocument>));
    return result.deletedCount;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const result = await this.run(() => this.collection.deleteMany(filter as DriverFilter<DriverDocument>));
    return result.deletedCount;
  }

  // Unordered bulkWrites: the server applies every write it can and reports the others.
  async writeBatch(writes: readonly BatchWrite[]): Promise<void> {
    await writeInPasses(writes, async (pass) => {
      const operations = pass.map((write) =>
        'delete' in write
          ? { deleteOne: { filter: write.filter as DriverFilter<DriverDocument> } }
          : { replaceOne: { filter: write.filter as DriverFilter<DriverDocument>, replacement: withIdFirst(write.replacement), upsert: true } },
      );
      try {
        await this.collection.bulkWrite(operations, { ordered: false });
        return [];
      } catch (error) {
        return bulkRefusals(this.name, error).map(({ index, error: refusal }) => ({ write: pass[index]!, error: refusal }));
      }
    });
  }

  async createIndexes(indexes: readonly IndexSpec[]): Promise<void> {
    if (indexes.length === 0) return;
    const descriptions = indexes.map(({ name, keys, unique }) => ({ name, key: { ...keys }, unique: unique ?? false }));
    await this.run(() => this.collection.createIndexes(descriptions));
  }
}
