import {
  DuplicateKeyError,
  type Collection,
  type Document,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type SortSpec,
  type WriteResult,
} from '../../../../application/shared/ports/readModelStore.port.js';
import { EmbeddedReadModelStore } from '../../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { WriteBehindStore } from '../../../../infrastructure/shared/readModels/writeBehind.js';
import { seededRandom } from '../../../support/seededRandom.js';
import { contents, copied, FIELDS, Generator, HASHED, isPlainObject, keyOf, ORDERED, text, UNIQUE } from './generator.js';
import { pageProblem } from './pageJudge.js';
import { RefusedUpdate, refuseUnparsed } from './refusals.js';
import { attempt, describeError, equalities, Reference, sameFailure, withIdFirst, type Outcome } from './reference.js';
// One seeded run: the same random writes and reads on the embedded store and on the
// reference, every answer and the stored state compared.
export class Failure extends Error {}

export class Run {
  readonly generate: Generator;
  readonly reference = new Reference();
  readonly store = new EmbeddedReadModelStore();
  readonly collection: Collection<Document>;
  // behind: writes held in a write-behind batch over the store, read back merged, flushed now and
  // then (no unique index but _id: a batch meets those at its flush).
  readonly behind: WriteBehindStore | undefined;
  readonly log: string[] = [];
  ordered: IndexSpec[] = [];
  checks = 0;
  // Updates the reference refused as MongoDB does (refusals.ts), and the store refused too,
  // nothing changed.
  refusedUpdates = 0;

  constructor(
    readonly seed: number,
    mode: { regular: boolean; behind: boolean },
  ) {
    this.generate = new Generator(seededRandom(seed), mode.regular);
    this.behind = mode.behind ? new WriteBehindStore(this.store) : undefined;
    this.collection = this.behind ? this.behind.collection('fuzz') : this.store.collection('fuzz');
  }

  fail(message: string): never {
    throw new Failure(`seed ${this.seed}: ${message}\nlast operations:\n${this.log.slice(-6).join('\n')}`);
  }

  note(entry: string): void {
    this.log.push(entry);
    if (this.log.length > 50) this.log.shift();
  }

  async stored(): Promise<Map<string, Document>> {
    const documents = await this.collection.find({});
    return new Map(documents.map((document) => [keyOf(document._id), document]));
  }

  // The embedded collection holds exactly the reference's documents (fields in the same order).
  async expectSameState(state: Map<string, Document> = this.reference.documents): Promise<void> {
    const actual = await this.stored();
    const extra = [...actual.keys()].filter((id) => !state.has(id));
    const missing = [...state.keys()].filter((id) => !actual.has(id));
    if (extra.length > 0 || missing.length > 0) this.fail(`state: extra ${extra.join(',')} missing ${missing.join(',')}`);
    for (const [id, document] of state) {
      const held = actual.get(id);
      if (text(held) !== text(document) && contents(held) !== contents(document))
        this.fail(`state of ${id}: ${text(actual.get(id))}, expected ${text(document)}`);
    }
    this.adopt(actual);
  }

  // The store's documents, equal in contents to the reference's, become the reference's: their
  // fields in the store's order, which a later replacement's "modified" depends on.
  adopt(stored: Map<string, Document>): void {
    this.reference.documents = new Map([...stored].map(([id, document]) => [id, copied(document)]));
  }

  async createIndexes(specs: readonly IndexSpec[]): Promise<void> {
    this.note(`createIndexes ${text(specs)}`);
    const uniques = specs.filter((spec) => spec.unique);
    const before = this.reference.uniques;
    this.reference.uniques = [...before, ...uniques];
    const all = [...this.reference.documents.keys()];
    const refusing = this.reference.refusingIndexes(this.reference.documents, all);
    const outcome = await attempt(() => this.collection.createIndexes(specs));
    if (refusing.length > 0) {
      this.reference.uniques = before;
      if (outcome.ok || !(outcome.error instanceof DuplicateKeyError)) this.fail(`createIndexes should be refused by ${refusing.join(',')}`);
      return;
    }
    if (!outcome.ok) this.fail(`createIndexes refused: ${describeError(outcome.error)}`);
    this.ordered.push(...specs.filter((spec) => !spec.unique && Object.keys(spec.keys).length >= 3));
  }

  async insertOne(): Promise<void> {
    const document = this.generate.document();
    this.note(`insertOne ${text(document)}`);
    const expected = await attempt(() => this.reference.written([[keyOf(document._id), document]], [keyOf(document._id)]));
    const actual = await attempt(() => this.collection.insertOne(copied(document)));
    await this.settle(actual, expected, undefined);
  }

  // Compares a deterministic write's outcome, then takes the reference's new state.
  async settle<T>(actual: Outcome<T>, expected: Outcome<Map<string, Document>>, result: unknown): Promise<void> {
    if (!expected.ok) {
      if (actual.ok) this.fail(`succeeded where the reference refused: ${describeError(expected.error)}`);
      if (!sameFailure(actual.error, expected.error)) this.fail(`${describeError(actual.error)} where the reference gave ${describeError(expected.error)}`);
      // Refused whole: every document as it was, through a write-behind batch too.
      await this.expectSameState();
      if (expected.error instanceof RefusedUpdate) this.refusedUpdates++;
      return;
    }
    if (!actual.ok) this.fail(`${describeError(actual.error)} where the reference succeeded`);
    if (result !== undefined && text(actual.value) !== text(result)) this.fail(`result ${text(actual.value)}, expected ${text(result)}`);
    this.reference.documents = expected.value;
    await this.expectSameState();
  }

  async updateMany(): Promise<void> {
    const filter = this.generate.filter();
    const update = this.generate.update(filter, false);
    this.note(`updateMany ${text(filter)} ${text(update)}`);
    let result: WriteResult | undefined;
    const expected = await attempt(() => {
      // Refused as it is parsed, where nothing matches too.
      refuseUnparsed(update);
      const matched = this.reference.matching(filter);
      const changes: Array<[string, Document]> = [];
      for (const document of matched) {
        const after = this.reference.updated(document, update, filter);
        if (after) changes.push([keyOf(document._id), after]);
      }
      result = { matched: matched.length, modified: changes.length, upserted: false };
      return this.reference.written(changes, []);
    });
    const actual = await attempt(() => this.collection.updateMany(filter, update));
    await this.settle(actual, expected, result);
  }

  async deleteMany(): Promise<void> {
    const filter = this.generate.filter();
    this.note(`deleteMany ${text(filter)}`);
    const matched = await attempt(() => this.reference.matching(filter));
    const expected = await attempt(() => {
      if (!matched.ok) throw matched.error;
      return this.reference.written(
        matched.value.map((document) => [keyOf(document._id), undefined]),
        [],
      );
    });
    const actual = await attempt(() => this.collection.deleteMany(filter));
    await this.settle(actual, expected, matched.ok ? matched.value.length : undefined);
  }

  // A write to one of the matches (MongoDB takes any): the embedded store's outcome must be what
  // the reference gives for one of them, or for the upsert where none matches.
  // given: a replacement upsert of that document under its _id (a mirror writing its twin's copy).
  async writeOne(kind: 'updateOne' | 'replaceOne' | 'deleteOne', given?: Document): Promise<void> {
    const upsert = given !== undefined || (kind !== 'deleteOne' && this.generate.chance(0.3));
    const filter = given ? { _id: given._id } : upsert ? this.generate.upsertFilter() : this.generate.filter();
    const update = kind === 'updateOne' ? this.generate.update(filter, upsert) : undefined;
    const replacement = given ?? (kind === 'replaceOne' ? this.generate.document(this.generate.chance(0.15)) : undefined);
    this.note(`${kind} ${text(filter)} ${text(update ?? replacement ?? '')}${upsert ? ' upsert' : ''}`);
    const matched = await attempt(() => this.reference.matching(filter));
    const actual = await attempt<unknown>(() => {
      if (kind === 'updateOne') return this.collection.updateOne(filter, update!, { upsert });
      if (kind === 'replaceOne') return this.collection.replaceOne(filter, copied(replacement!), { upsert });
      return this.collection.deleteOne(filter);
    });
    const before = this.reference.documents;
    const after = await this.stored();
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((id) => contents(before.get(id)) !== contents(after.get(id)));
    if (!matched.ok) {
      if (actual.ok) this.fail(`succeeded where the reference's filter throws ${describeError(matched.error)}`);
      if (changed.length > 0) this.fail('a refused write changed documents');
      return;
    }
    const candidates: Array<() => { result: unknown; state: Map<string, Document> }> = matched.value.map((match) => () => {
      const id = keyOf(match._id);
      if (kind === 'deleteOne') return { result: 1, state: this.reference.written([[id, undefined]], []) };
      if (kind === 'updateOne') {
        const updated = this.reference.updated(match, update!, filter);
        return {
          result: { matched: 1, modified: updated ? 1 : 0, upserted: false },
          state: updated ? this.reference.written([[id, updated]], []) : before,
        };
      }
      if (Object.hasOwn(replacement!, '_id') && text(replacement!._id) !== text(match._id)) throw new ReferenceError('_id changed');
      const replaced = withIdFirst({ ...copied(replacement!), _id: match._id });
      const same = text(replaced) === text(match);
      return { result: { matched: 1, modified: same ? 0 : 1, upserted: false }, state: same ? before : this.reference.written([[id, replaced]], []) };
    });
    if (matched.value.length === 0) {
      candidates.push(() => {
        if (kind === 'updateOne') refuseUnparsed(update!);
        if (!upsert) return { result: kind === 'deleteOne' ? 0 : { matched: 0, modified: 0, upserted: false }, state: before };
        let inserted: Document;
        if (kind === 'updateOne') inserted = this.reference.upserted(filter, update!);
        else {
          inserted = copied(replacement!);
          const filterId = equalities(filter).find(([path]) => path === '_id');
          if (!Object.hasOwn(inserted, '_id') && filterId) inserted._id = copied(filterId[1]);
        }
        // A new _id is the store's to choose: the one it chose is taken.
        if (inserted._id === undefined) {
          const created = changed.length === 1 ? after.get(changed[0]!) : undefined;
          // None inserted (refused): a new value for the unique indexes to judge.
          inserted._id = created === undefined ? 'new document' : created._id;
        }
        const id = keyOf(inserted._id);
        return { result: { matched: 0, modified: 0, upserted: true }, state: this.reference.written([[id, withIdFirst(inserted)]], [id]) };
      });
    }
    const seen: string[] = [];
    for (const candidate of candidates) {
      const expected = await attempt(candidate);
      if (!expected.ok) {
        if (!actual.ok && sameFailure(actual.error, expected.error) && changed.length === 0) {
          if (expected.error instanceof RefusedUpdate) this.refusedUpdates++;
          return;
        }
        seen.push(describeError(expected.error));
        continue;
      }
      const state = expected.value.state;
      const fits =
        actual.ok && text(actual.value) === text(expected.value.result) && changed.every((id) => contents(state.get(id)) === contents(after.get(id)));
      const complete = [...state.keys()].every((id) => after.has(id)) && [...after.keys()].every((id) => state.has(id));
      const moved = [...new Set([...before.keys(), ...state.keys()])].filter((id) => contents(before.get(id)) !== contents(state.get(id)));
      if (fits && complete && moved.length === changed.length) {
        this.adopt(after);
        return;
      }
      seen.push(`${text(expected.value.result)} changing ${moved.map((id) => `${id} -> ${text(state.get(id))}`).join(', ')}`);
    }
    this.fail(
      `${actual.ok ? text(actual.value) : describeError(actual.error)} changing ${changed.map((id) => `${id} -> ${text(after.get(id))}`).join(', ')}; the reference allows: ${seen.slice(0, 4).join(' | ')}`,
    );
  }

  async find(): Promise<void> {
    let filter: Filter;
    let sort: SortSpec | undefined;
    if (this.ordered.length > 0 && this.generate.chance(0.4)) ({ filter, sort } = this.generate.orderedRead(this.generate.pick(this.ordered)));
    else {
      filter = this.generate.filter();
      sort = this.generate.chance(0.6) ? this.generate.sort() : undefined;
    }
    const options: { sort?: SortSpec; skip?: number; limit?: number; projection?: Record<string, 0 | 1> } = {};
    if (sort && Object.keys(sort).length > 0) options.sort = sort;
    if (this.generate.chance(0.5)) options.limit = 1 + this.generate.int(8);
    if (this.generate.chance(0.3)) options.skip = this.generate.int(10);
    if (this.generate.chance(0.15)) options.projection = this.generate.projection();
    const one = this.generate.chance(0.2);
    this.note(`${one ? 'findOne' : 'find'} ${text(filter)} ${text(options)}`);
    if (one)
      return this.findOne(filter, { ...(options.sort ? { sort: options.sort } : {}), ...(options.projection ? { projection: options.projection } : {}) });
    const matched = await attempt(() => this.reference.matching(filter));
    const actual = await attempt(() => this.collection.find(filter, options as FindOptions));
    const answers = this.bothAnswered('find', matched, actual);
    if (answers) this.expectPage(answers[0], answers[1], options);
  }

  async findOne(filter: Filter, options: { sort?: SortSpec; projection?: Record<string, 0 | 1> }): Promise<void> {
    const matched = await attempt(() => this.reference.matching(filter));
    const actual = await attempt(() => this.collection.findOne(filter, options));
    const answers = this.bothAnswered('findOne', matched, actual);
    if (answers) this.expectPage(answers[0], answers[1] === null ? [] : [answers[1]], { ...options, limit: 1 });
  }

  // Both answers (a page to judge), or null where both threw; one answering where the other
  // threw fails.
  bothAnswered<T, U>(read: string, matched: Outcome<T>, actual: Outcome<U>): [T, U] | null {
    if (matched.ok && actual.ok) return [matched.value, actual.value];
    if (matched.ok !== actual.ok)
      this.fail(
        `${read}: ${matched.ok ? describeError((actual as { error: unknown }).error) : 'answered'} where the reference ${matched.ok ? 'answered' : 'threw'}`,
      );
    return null;
  }

  // A page as MongoDB could give it (pageJudge.ts).
  expectPage(matched: Document[], page: Document[], options: FindOptions): void {
    this.checks++;
    const problem = pageProblem(matched, page, options);
    if (problem !== null) this.fail(problem);
  }

  async count(): Promise<void> {
    let filter: Filter;
    if (this.ordered.length > 0 && this.generate.chance(0.5)) {
      ({ filter } = this.generate.orderedRead(this.generate.pick(this.ordered)));
      for (const [field, condition] of Object.entries(filter)) if (isPlainObject(condition) && !('$eq' in condition)) delete filter[field];
    } else filter = this.generate.filter();
    this.note(`count ${text(filter)}`);
    this.checks++;
    const matched = await attempt(() => this.reference.matching(filter).length);
    const actual = await attempt(() => this.collection.count(filter));
    if (matched.ok !== actual.ok)
      this.fail(`count: ${actual.ok ? 'answered' : describeError(actual.error)} where the reference ${matched.ok ? 'answered' : 'threw'}`);
    if (matched.ok && actual.ok && matched.value !== actual.value) this.fail(`count ${actual.value}, expected ${matched.value}`);
  }

  async flush(): Promise<void> {
    this.note('flush');
    await this.behind!.flush();
    const direct = new Map((await this.store.collection('fuzz').find({})).map((document) => [keyOf(document._id), document]));
    const expected = this.reference.documents;
    if (direct.size !== expected.size || [...expected].some(([id, document]) => contents(direct.get(id)) !== contents(document))) {
      this.fail(`after the flush the store holds ${direct.size} documents, not the reference's ${expected.size} (or other contents)`);
    }
  }

  // The collection shares documents equal to those of 'twin' (shareDocumentsWith): a document
  // copied there, now and then changed, then written here as the twin holds it.
  async mirror(): Promise<void> {
    const twin = this.store.collection('twin');
    const held = [...this.reference.documents.values()];
    if (held.length > 0 && this.generate.chance(0.6)) {
      const document = copied(this.generate.pick(held));
      if (this.generate.chance(0.3)) document[this.generate.pick(FIELDS)] = this.generate.scalar();
      this.note(`twin holds ${text(document)}`);
      await twin.replaceOne({ _id: document._id }, document, { upsert: true });
      return;
    }
    const twins = await twin.find({});
    if (twins.length > 0) await this.writeOne('replaceOne', copied(this.generate.pick(twins)));
  }

  async step(): Promise<void> {
    if (this.behind && this.generate.chance(0.03)) return this.flush();
    if (this.generate.chance(0.05)) return this.mirror();
    const kind = this.generate.random();
    if (kind < 0.16) return this.insertOne();
    if (kind < 0.28) return this.writeOne('updateOne');
    if (kind < 0.34) return this.updateMany();
    if (kind < 0.42) return this.writeOne('replaceOne');
    if (kind < 0.47) return this.writeOne('deleteOne');
    if (kind < 0.485) return this.deleteMany();
    if (kind < 0.88) return this.find();
    return this.count();
  }
}

export async function runSeed(seed: number, steps: number, mode: { regular: boolean; behind: boolean }): Promise<Run> {
  const run = new Run(seed, mode);
  const generate = run.generate;
  const pickSome = (specs: readonly IndexSpec[], p: number) => specs.filter(() => generate.chance(p));
  const unique = mode.behind ? [] : UNIQUE;
  await run.collection.shareDocumentsWith!('twin');
  await run.createIndexes([...pickSome(HASHED, 0.5), ...pickSome(unique, 0.35).slice(0, 2), ...pickSome(ORDERED, mode.regular ? 0.7 : 0.5)]);
  for (let i = 0; i < steps; i++) {
    if (i === Math.floor(steps / 2)) {
      // Indexes built over documents already there (a unique one refused where they clash).
      const later = [...HASHED, ...unique, ...ORDERED].filter(
        (spec) =>
          !run.store
            .existing('fuzz')
            ?.indexSpecs()
            .some((held) => held.name === spec.name),
      );
      if (later.length > 0) await run.createIndexes([generate.pick(later)]);
    }
    await run.step();
  }
  return run;
}
