import type { Document, Filter, IndexSpec, SortSpec, Update } from '../../../../application/shared/ports/readModelStore.port.js';
// Seeded random documents, indexes, filters, updates, sorts and projections for the
// differential spec of the embedded read-model store (storeDifferential.spec.ts).
export type Random = () => number;

export const NUMBERS = [-1, 0, -0, 1, 2, 2.5, 10];
export const STRINGS = ['a', 'b', 'B', '', 'ab', '1', '[1]'];
export const ID_POOL: readonly unknown[] = [
  ...Array.from({ length: 36 }, (_, i) => i),
  ...Array.from({ length: 8 }, (_, i) => `s${i}`),
  '[1]',
  '[x',
  '',
  '1',
  { k: 1 },
  { k: 2 },
  // Too long to be one of the frozen values documents share: each copy its own object.
  { k: 'an object _id with a text longer than the frozen values documents share' },
];
export const FIELDS = ['a', 'b', 'c', 'u', 'tags', 'n', 'arr'];

// Field paths filters, sorts and projections name (zz: never present).
export const FILTER_PATHS = ['a', 'b', 'c', 'u', 'tags', 'n', 'n.x', 'n.y', 'arr', 'arr.x', 'arr.y', '_id', 'zz', 'tags.0', 'arr.0.x'];
export const SORT_PATHS = ['a', 'b', 'c', 'u', 'tags', 'n.x', '_id'];

export const HASHED: readonly IndexSpec[] = [
  { name: 'a_1', keys: { a: 1 } },
  { name: 'b_1_c_-1', keys: { b: 1, c: -1 } },
  { name: 'n.x_1', keys: { 'n.x': 1 } },
  { name: 'arr.x_1', keys: { 'arr.x': 1 } },
  { name: 'tags_1', keys: { tags: 1 } },
  { name: 'c_1_a_1', keys: { c: 1, a: 1 } },
];
export const UNIQUE: readonly IndexSpec[] = [
  { name: 'u_unique', keys: { u: 1 }, unique: true },
  { name: 'u_b_unique', keys: { u: 1, b: -1 }, unique: true },
  { name: 'nx_u_unique', keys: { 'n.x': 1, u: 1 }, unique: true },
];
export const ORDERED: readonly IndexSpec[] = [
  { name: 'a_b_c', keys: { a: 1, b: 1, c: 1 } },
  { name: 'b_a_id', keys: { b: -1, a: 1, _id: 1 } },
  { name: 'u_tags_a', keys: { u: 1, tags: 1, a: -1 } },
  { name: 'tags_b_id', keys: { tags: 1, b: 1, _id: -1 } },
  { name: 'c_b_a_u', keys: { c: 1, b: -1, a: 1, u: 1 } },
  { name: 'b_c_id', keys: { b: 1, c: -1, _id: 1 } },
];

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
// A copy through JSON: structuredClone would keep one list for two fields that share it (as the
// store's frozen documents share equal small values), and a push onto one would change both.
export const copied = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
export const keyOf = (id: unknown): string => JSON.stringify(id);
export const text = (value: unknown): string => JSON.stringify(value);
// Contents regardless of field order: the order of fields an update creates is MongoDB's
// version's (5.0 and later: by name) and mingo's own, neither of which the store promises.
export const contents = (value: unknown): string =>
  JSON.stringify(value, (_, nested: unknown) =>
    isPlainObject(nested) ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : nested,
  );

export const isLookupValue = (value: unknown): boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

export class Generator {
  // regular: the fields ordered indexes hold (a, b, c, u) keep scalars, null or nothing (tags
  // its arrays), so those indexes stay usable and their walks and counts are what is tested.
  constructor(
    readonly random: Random,
    readonly regular = false,
  ) {}

  chance(p: number): boolean {
    return this.random() < p;
  }

  int(n: number): number {
    return Math.floor(this.random() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  scalar(): unknown {
    const kind = this.random();
    if (kind < 0.45) return this.pick(NUMBERS);
    if (kind < 0.85) return this.pick(STRINGS);
    if (kind < 0.93) return this.chance(0.5);
    return null;
  }

  scalars(max: number): unknown[] {
    return Array.from({ length: this.int(max + 1) }, () => this.scalar());
  }

  small(): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    if (this.chance(0.8)) object.x = this.scalar();
    if (this.chance(0.6)) object.y = this.chance(0.8) ? this.scalar() : this.scalars(2);
    return object;
  }

  value(): unknown {
    const kind = this.random();
    if (kind < 0.7) return this.scalar();
    if (kind < 0.85) return this.scalars(3);
    if (kind < 0.93) return this.small();
    return Array.from({ length: 1 + this.int(2) }, () => this.small());
  }

  fieldValue(field: string): unknown {
    if (this.regular && ['a', 'b', 'c'].includes(field)) return this.scalar();
    switch (field) {
      case 'u':
        if (this.regular) return this.chance(0.8) ? this.int(60) : this.scalar();
        // Mostly distinct values a unique index keeps apart; sometimes an array (multikey).
        if (this.chance(0.08)) return [this.int(60), this.int(60)];
        return this.chance(0.8) ? this.int(60) : `u${this.int(20)}`;
      case 'tags':
        return this.chance(0.8) ? this.scalars(3) : this.scalar();
      case 'n':
        return this.chance(0.8) ? this.small() : this.value();
      case 'arr':
        return this.chance(0.8) ? Array.from({ length: this.int(3) }, () => (this.chance(0.85) ? this.small() : this.scalar())) : this.value();
      case 'b':
        return this.chance(0.8) ? this.scalar() : this.value();
      default:
        return this.value();
    }
  }

  document(withId = true): Document {
    const document: Document = withId ? { _id: this.id() } : {};
    for (const field of FIELDS) {
      if (this.chance(field === 'u' ? 0.92 : 0.8)) document[field] = this.fieldValue(field);
    }
    return document;
  }

  id(): unknown {
    return copied(this.pick(ID_POOL));
  }

  operand(): unknown {
    const kind = this.random();
    if (kind < 0.8) return this.scalar();
    if (kind < 0.9) return this.scalars(2);
    return this.small();
  }

  pathValue(path: string): unknown {
    if (path === '_id') return this.id();
    if (path === 'u') return this.chance(0.7) ? this.int(60) : this.scalar();
    return this.operand();
  }

  condition(path: string, depth = 0): unknown {
    const value = () => this.pathValue(path);
    const bound = () => (this.chance(0.85) ? this.pick([...NUMBERS, ...STRINGS]) : this.pick([null, true, false]));
    switch (this.int(16)) {
      case 0:
      case 1:
      case 2:
        return value();
      case 3:
        return { $eq: value() };
      case 4:
        return { $ne: value() };
      case 5:
        return { $in: Array.from({ length: this.int(4) }, value) };
      case 6:
        return { $nin: Array.from({ length: this.int(3) }, value) };
      case 7:
        return { [this.pick(['$gt', '$gte', '$lt', '$lte'])]: bound() };
      case 8:
        return { [this.pick(['$gt', '$gte'])]: bound(), [this.pick(['$lt', '$lte'])]: bound() };
      case 9:
        return { $exists: this.chance(0.5) };
      case 10: {
        if (depth > 1) return value();
        const inner = this.condition(path, depth + 1);
        return { $not: isPlainObject(inner) && Object.keys(inner).every((key) => key.startsWith('$')) ? inner : { $eq: inner } };
      }
      case 11:
        if (path === 'arr' || path === 'n') return { $elemMatch: { x: this.condition('x', 2), ...(this.chance(0.4) ? { y: this.condition('y', 2) } : {}) } };
        return { $elemMatch: { [this.pick(['$gt', '$gte'])]: bound(), [this.pick(['$lt', '$lte', '$ne'])]: bound() } };
      case 12:
        return { $all: Array.from({ length: 1 + this.int(2) }, value) };
      case 13:
        return { $size: this.int(3) };
      case 14:
        return { $gte: bound(), $ne: value() };
      default:
        return { $in: [null, value()] };
    }
  }

  filter(depth = 0): Filter {
    const kind = this.random();
    if (depth < 2 && kind < 0.15) {
      const parts = Array.from({ length: 1 + this.int(3) }, () => this.filter(depth + 1));
      const filter: Filter = { [this.pick(['$and', '$or', '$nor'])]: parts };
      if (this.chance(0.3)) filter[this.pick(FILTER_PATHS)] = this.condition('a');
      return filter;
    }
    if (kind < 0.22) return {};
    const filter: Filter = {};
    const fields = 1 + this.int(this.chance(0.7) ? 1 : 3);
    for (let i = 0; i < fields; i++) {
      const path = this.pick(FILTER_PATHS);
      filter[path] = this.condition(path);
    }
    return filter;
  }

  // Equalities an upsert seeds its document from, beside conditions it does not.
  upsertFilter(): Filter {
    const filter: Filter = {};
    const paths = [...new Set(Array.from({ length: 1 + this.int(3) }, () => this.pick(['_id', 'a', 'b', 'c', 'u', 'n.x', 'tags'])))];
    if (paths.includes('n.x') && this.chance(0.5)) paths.splice(paths.indexOf('n.x'), 1);
    for (const path of paths) {
      const kind = this.random();
      filter[path] = kind < 0.6 ? this.pathValue(path) : kind < 0.75 ? { $eq: this.pathValue(path) } : this.condition(path);
    }
    if (this.chance(0.15)) return { $and: Object.entries(filter).map(([path, condition]) => ({ [path]: condition })) };
    return filter;
  }

  // Now and then (not where indexed fields keep scalars) a path MongoDB may refuse to follow:
  // into a scalar, or into a list by a name.
  updatePath(): string {
    if (!this.regular && this.chance(0.1)) return this.pick(['a.b', 'tags.x', 'tags.1', 'arr.x', 'arr.1.y', 'c.0']);
    return this.pick(['a', 'b', 'c', 'u', 'tags', 'n', 'n.x', 'n.y', 'e', 'arr.0.x', 'n.z.w']);
  }

  // filter: where it pins tags to a value, `tags.$` may name the element it matched; upsert:
  // $setOnInsert may join.
  update(filter: Filter, upsert: boolean): Update {
    const update: Record<string, Record<string, unknown>> = {};
    if (isLookupValue(filter.tags) && this.chance(0.3)) update[this.pick(['$set', '$inc'])] = { 'tags.$': this.pick([1, 2, 'x']) };
    else if (this.chance(0.04)) update.$rename = { [this.pick(['a', 'b', 'e', 'n.x'])]: this.pick(['e2', 'c', 'n.w']) };
    if (this.chance(0.03)) update.$set = { _id: isPlainObject(filter) && filter._id !== undefined && !isPlainObject(filter._id) ? filter._id : this.id() };
    if (upsert && this.chance(0.3)) update.$setOnInsert = { [this.pick(['f', 'a', 'n.y'])]: this.scalar() };
    if (Object.keys(update).length > 0 && this.chance(0.5)) return update;
    const used = new Set<string>();
    const operators = 1 + this.int(this.chance(0.8) ? 1 : 3);
    for (let i = 0; i < operators; i++) {
      const operator = this.pick(['$set', '$set', '$unset', '$inc', '$inc', '$push', '$pull', '$addToSet', '$max', '$min', '$mul', '$pop', '$pullAll']);
      const fields = (update[operator] ??= {});
      const count = 1 + this.int(2);
      for (let j = 0; j < count; j++) {
        let path: string;
        if (['$push', '$pull', '$addToSet', '$pop', '$pullAll'].includes(operator))
          path = this.pick(['tags', 'tags', 'arr', 'e', this.regular && this.chance(0.9) ? 'e' : 'a']);
        else if (operator === '$inc' || operator === '$mul') path = this.pick(['a', 'u', 'n.x', 'n.y', 'e', 'n.z.w', 'c']);
        else path = this.updatePath();
        // A path used twice, or with its parent, conflicts: now and then, on purpose.
        if (used.has(path) && this.chance(0.9)) continue;
        if ([...used].some((other) => other.startsWith(path + '.') || path.startsWith(other + '.')) && this.chance(0.9)) continue;
        used.add(path);
        fields[path] = this.updateOperand(operator, path);
      }
    }
    for (const [operator, fields] of Object.entries(update)) if (Object.keys(fields).length === 0) delete update[operator];
    if (Object.keys(update).length === 0) update.$set = { e: this.scalar() };
    return update;
  }

  updateOperand(operator: string, path: string): unknown {
    switch (operator) {
      case '$unset':
        return '';
      case '$inc':
        return this.chance(0.9) ? this.pick([1, -1, 0, 2.5, 3]) : this.pick(['x', null]);
      case '$mul':
        return this.chance(0.9) ? this.pick([2, -1, 0, 1.5]) : this.pick(['x', null]);
      case '$pop':
        return this.chance(0.9) ? this.pick([1, -1]) : 2;
      case '$pullAll':
        return this.chance(0.9) ? this.scalars(2) : this.scalar();
      case '$push': {
        const kind = this.random();
        if (kind < 0.4) return path === 'arr' ? this.small() : this.scalar();
        if (kind < 0.7) return { $each: this.scalars(3), $position: 0, $slice: 1 + this.int(4) };
        return { $each: this.scalars(2) };
      }
      case '$addToSet':
        return this.chance(0.7) ? (path === 'arr' ? this.small() : this.scalar()) : { $each: this.scalars(3) };
      case '$pull': {
        const kind = this.random();
        if (kind < 0.5) return this.scalar();
        if (kind < 0.7 && path === 'arr') return { x: this.scalar() };
        return { [this.pick(['$gt', '$gte', '$lt', '$lte'])]: this.pick(NUMBERS) };
      }
      case '$max':
      case '$min':
        return this.chance(0.8) ? this.pick([...NUMBERS, ...STRINGS]) : this.pick([null, true, [1], { x: 1 }]);
      default:
        if (this.regular && ['a', 'b', 'c', 'u'].includes(path) && this.chance(0.95)) return path === 'u' ? this.int(60) : this.scalar();
        return path === 'u' ? (this.chance(0.8) ? this.int(60) : this.value()) : this.value();
    }
  }

  sort(): SortSpec {
    const sort: SortSpec = {};
    const keys = 1 + this.int(3);
    for (let i = 0; i < keys; i++) sort[this.pick(SORT_PATHS)] = this.chance(0.5) ? 1 : -1;
    if (!('_id' in sort) && this.chance(0.4)) sort._id = this.chance(0.5) ? 1 : -1;
    return sort;
  }

  projection(): Record<string, 0 | 1> {
    const paths = [...new Set(Array.from({ length: 1 + this.int(2) }, () => this.pick(['a', 'b', 'n.x', 'tags', 'arr', 'u', 'n'])))].filter(
      (path, _, all) => !all.some((other) => other !== path && (other.startsWith(path + '.') || path.startsWith(other + '.'))),
    );
    const include = this.chance(0.6);
    const projection: Record<string, 0 | 1> = Object.fromEntries(paths.map((path) => [path, include ? 1 : 0]));
    if (this.chance(0.3)) projection._id = 0;
    return projection;
  }

  // A find an ordered index can answer: a prefix of its fields pinned, sorted by the next ones
  // (the index's directions or all of them reversed), maybe a range on the first sort field.
  orderedRead(index: IndexSpec): { filter: Filter; sort: SortSpec } {
    const fields = Object.keys(index.keys);
    const pinned = this.int(fields.length);
    const filter: Filter = {};
    for (const field of fields.slice(0, pinned)) {
      const value = field === 'u' ? this.int(60) : field === '_id' ? this.id() : this.scalar();
      const kind = this.random();
      filter[field] = kind < 0.6 ? value : kind < 0.8 ? { $eq: value } : { $all: [value] };
    }
    const flip = this.chance(0.5) ? -1 : 1;
    const sort: SortSpec = {};
    const sortFields = fields.slice(pinned, pinned + 1 + this.int(fields.length - pinned));
    for (const field of sortFields) sort[field] = (index.keys[field]! * flip) as 1 | -1;
    if (sortFields.length > 0 && this.chance(0.4)) {
      const range: Record<string, unknown> = {};
      const bound = () => (sortFields[0] === 'u' ? this.int(60) : this.pick([...NUMBERS, ...STRINGS]));
      if (this.chance(0.7)) range[this.pick(['$gt', '$gte'])] = bound();
      if (this.chance(0.7) || Object.keys(range).length === 0) range[this.pick(['$lt', '$lte'])] = bound();
      filter[sortFields[0]!] = range;
    }
    if (this.chance(0.3)) {
      const path = this.pick(FILTER_PATHS);
      if (!(path in filter)) filter[path] = this.condition(path);
    }
    return { filter, sort };
  }
}
