import { update as applyModifier } from 'mingo';
import * as updateOperators from 'mingo/operators/update';
import type { Modifier } from 'mingo/updater';
import type { Document, Filter, Update } from '../../../application/shared/ports/readModelStore.port.js';
import { cloneDocument } from './documentClone.js';
import { encodeKey, isPlainObject } from './documentPaths.js';
import { withIdFirst } from './documentRules.js';
import { assertAppliesTo } from './updateRefusals.js';
import { upsertSeed } from './upsertSeed.js';

type UpdateOperator = (fields: Record<string, unknown>) => (target: Document) => string[];

function operatorNamed(name: string): UpdateOperator {
  if (!Object.hasOwn(updateOperators, name)) throw new Error(`Unknown update operator: '${name}'`);
  return (updateOperators as unknown as Record<string, UpdateOperator>)[name];
}

// Mutates `target`; returns whether any value changed. mingo's update() rebuilds its operator
// context on every call (about 250 µs), so each operator is applied directly, and update()
// serves only the positional `$` forms, which need the filter that matched. The update has
// parsed (assertUpdateParses); one MongoDB refuses for this document is refused before
// anything of it is applied: mingo would skip the operators it cannot apply and apply the rest.
function applyOperators(target: Document, modifier: Update, filter: Filter | undefined): boolean {
  const operands = Object.entries(modifier) as Array<[string, Record<string, unknown>]>;
  assertAppliesTo(target, operands);
  const paths = operands.flatMap(([, fields]) => Object.keys(fields));
  if (paths.some((path) => path.includes('$'))) {
    return applyModifier(target, modifier as Modifier<Document>, undefined, filter, { cloneMode: 'deep' }).length > 0;
  }
  if (directlyApplicable(target, operands)) return applyDirectly(target, operands);
  let changed = modifier.$push !== undefined && startSlicedLists(target, modifier.$push as Record<string, unknown>);
  for (const [name, fields] of operands) {
    if (operatorNamed(name)(cloneDocument(fields))(target).length > 0) changed = true;
  }
  for (const path of paths) if (NUMERIC_INNER_SEGMENT.test(path)) fillHoles(target, path);
  return changed;
}

const NUMERIC_INNER_SEGMENT = /\.\d+(\.|$)/;

// mingo pads a list set past its end with holes; MongoDB with nulls (a hole reads as
// undefined, and would become null only through a snapshot's JSON).
function fillHoles(target: Document, path: string): void {
  let current: unknown = target;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) if (!(i in current)) current[i] = null;
      current = NUMERIC_SEGMENT.test(segment) ? current[Number(segment)] : undefined;
    } else current = isPlainObject(current) ? current[segment] : undefined;
    if (current === undefined) return;
  }
}

// mingo's $push onto a missing field takes every item, whatever the $slice (MongoDB pushes
// onto an empty list, then slices): such a field starts as an empty list, where the path
// reaches it through objects (created as MongoDB creates them; anything else is mingo's).
// Returns whether it started any (a change, even where mingo then pushes nothing).
function startSlicedLists(target: Document, push: Record<string, unknown>): boolean {
  let started = false;
  for (const [path, value] of Object.entries(push)) {
    if (!isPlainObject(value) || !Object.hasOwn(value, '$slice') || !Object.hasOwn(value, '$each')) continue;
    const segments = path.split('.');
    if (segments.some((segment) => segment === '' || NUMERIC_SEGMENT.test(segment))) continue;
    let parent: Record<string, unknown> | undefined = target;
    for (const segment of segments.slice(0, -1)) {
      if (parent[segment] === undefined) parent[segment] = {};
      const next: unknown = parent[segment];
      parent = isPlainObject(next) ? next : undefined;
      if (parent === undefined) break;
    }
    const field = segments[segments.length - 1]!;
    if (parent !== undefined && parent[field] === undefined) {
      parent[field] = [];
      started = true;
    }
  }
  return started;
}

const NUMERIC_SEGMENT = /^\d+$/;

// The object holding a two-segment path's field ('reactions.+1'), when an $inc can go straight
// to it: a plain object (not an array, whose numeric paths mean elements) holding a number
// there or nothing yet.
function incrementedParent(target: Document, path: string): Record<string, unknown> | undefined {
  const segments = path.split('.');
  if (segments.length !== 2) return undefined;
  const [parentField, field] = segments as [string, string];
  const parent = target[parentField];
  if (parentField === '_id' || field === '' || NUMERIC_SEGMENT.test(field) || !isPlainObject(parent)) return undefined;
  if (Object.getPrototypeOf(parent) !== Object.prototype) return undefined;
  const current = (parent as Record<string, unknown>)[field];
  return current === undefined || typeof current === 'number' ? (parent as Record<string, unknown>) : undefined;
}

// $max and $min between two numbers or two strings (or onto no value yet), which compare as
// mingo compares them; values of other types go through mingo.
function isPlainBound(value: unknown, current: unknown): boolean {
  const comparable = (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string';
  if (!comparable) return false;
  return current === undefined || (typeof current === typeof value && (typeof current !== 'number' || Number.isFinite(current)));
}

// $set, $inc, $max, $min and a capped $push on top-level fields, and $inc one level down (a
// reaction counted), the updates projections make on every event, are applied without
// mingo's operator machinery; not an $inc on a value that is not a number, nor a $push onto
// one that is not a list (MongoDB refuses those: assertAppliesTo says so, on the other path).
// Nothing these take can be refused: they need no check of their own.
function directlyApplicable(target: Document, operands: ReadonlyArray<[string, Record<string, unknown>]>): boolean {
  for (const [name, fields] of operands) {
    if (name !== '$set' && name !== '$inc' && name !== '$push' && name !== '$max' && name !== '$min') return false;
    for (const [path, value] of Object.entries(fields)) {
      if (path.includes('$') || path === '_id') return false;
      if (path.includes('.')) {
        if (name !== '$inc' || typeof value !== 'number' || incrementedParent(target, path) === undefined) return false;
        continue;
      }
      if (name === '$inc' && (typeof value !== 'number' || (target[path] !== undefined && typeof target[path] !== 'number'))) return false;
      if (name === '$push' && !isPrependWithSlice(value, target[path])) return false;
      if ((name === '$max' || name === '$min') && !isPlainBound(value, target[path])) return false;
    }
  }
  return true;
}

// Mutates `target` (its top-level fields; an object one level down is replaced by a changed
// copy, never changed itself: it may be a stored, frozen one); returns whether any value changed.
function applyDirectly(target: Document, operands: ReadonlyArray<[string, Record<string, unknown>]>): boolean {
  let changed = false;
  const copiedParents = new Set<string>();
  for (const [name, fields] of operands) {
    for (const [path, value] of Object.entries(fields)) {
      if (path.includes('.')) {
        const [parentField, field] = path.split('.') as [string, string];
        if (!copiedParents.has(parentField)) {
          target[parentField] = { ...(target[parentField] as Record<string, unknown>) };
          copiedParents.add(parentField);
        }
        const parent = target[parentField] as Record<string, unknown>;
        const before = parent[field] as number | undefined;
        if (before === undefined || value !== 0) changed = true;
        parent[field] = (before ?? 0) + (value as number);
      } else if (name === '$push') {
        const { $each, $slice } = value as { $each: unknown[]; $slice: number };
        const before = target[path] as readonly unknown[] | undefined;
        const after = prependedWithSlice(cloneDocument($each), before ?? [], $slice);
        // Nothing pushed onto a list no longer than the cap (or the same values pushed in front
        // of a list of them) leaves it as it was: not modified, as MongoDB counts it.
        if (before !== undefined && after.length === before.length && after.every((item, i) => sameValue(item, before[i]))) continue;
        target[path] = after;
        changed = true;
      } else if (name === '$inc') {
        const before = target[path] as number | undefined;
        if (before === undefined || value !== 0) changed = true;
        target[path] = (before ?? 0) + (value as number);
      } else if (name === '$max' || name === '$min') {
        const before = target[path] as number | string | undefined;
        const bound = value as number | string;
        if (before === undefined || (name === '$max' ? bound > before : bound < before)) {
          target[path] = bound;
          changed = true;
        }
      } else if (!Object.hasOwn(target, path) || !sameValue(target[path], value)) {
        target[path] = cloneDocument(value);
        changed = true;
      }
    }
  }
  return changed;
}

// The new list built with one copy of the stored one. That one is frozen, and V8 copies a
// frozen list by a slow generic path in slice, concat and spread (ten times slower for a
// short list; 5-35 µs for 1,200 numbers, which was most of a fan-out's time when a feed was
// one such list) but not in Array.from (0.5 µs for the same).
function prependedWithSlice(items: readonly unknown[], current: readonly unknown[], slice: number): unknown[] {
  const list = items.concat(Array.from(current));
  // Shortening a list trims it in place (V8 gives the end of its storage back), no copy.
  if (list.length > slice) list.length = slice;
  return list;
}

// {$each: [...], $position: 0, $slice: n > 0} onto an array (or no field yet): new items at
// the front, the first n kept. How a capped newest-first list (an activity feed) grows.
function isPrependWithSlice(value: unknown, current: unknown): boolean {
  if (!isPlainObject(value) || (current !== undefined && !Array.isArray(current))) return false;
  const keys = Object.keys(value).sort().join(',');
  return (
    keys === '$each,$position,$slice' &&
    Array.isArray(value.$each) &&
    value.$position === 0 &&
    typeof value.$slice === 'number' &&
    Number.isInteger(value.$slice) &&
    value.$slice > 0
  );
}

function sameValue(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  return JSON.stringify(left) === JSON.stringify(right);
}

// The updated copy of a stored document, or undefined when the update changes nothing; the
// update has parsed (assertUpdateParses), and one MongoDB refuses for this document throws,
// the stored one untouched. An
// update of top-level fields only ($set, $inc, a capped $push) replaces values wholesale, so
// a shallow copy will do: the values it keeps are the stored (frozen) ones, shared.
export function updatedCopy(stored: Document, update: Update, filter: Filter): Document | undefined {
  const { $setOnInsert: _onlyOnInsert, ...modifier } = withoutUnchangedId(update, stored._id);
  const operands = Object.entries(modifier) as Array<[string, Record<string, unknown>]>;
  if (directlyApplicable(stored, operands)) {
    const copy = { ...stored };
    return applyDirectly(copy, operands) ? copy : undefined;
  }
  const copy = cloneDocument(stored);
  // mingo names paths it did not change (one through an array of scalars, which MongoDB
  // refuses and mingo leaves as it is): the document itself says whether it changed.
  return applyOperators(copy, modifier, filter) && !sameDocument(stored, copy) ? copy : undefined;
}

const IMMUTABLE_ID = "Performing an update on the path '_id' would modify the immutable field '_id'";

// MongoDB lets $set give _id the value it holds (a no-op), and refuses any other; mingo's $set
// refused _id whatever its value.
function withoutUnchangedId(update: Update, id: unknown): Update {
  const set = update.$set;
  if (!isPlainObject(set) || !Object.hasOwn(set, '_id')) return update;
  if (encodeKey([set._id]) !== encodeKey([id])) throw new Error(IMMUTABLE_ID);
  const { _id: _unchanged, ...fields } = set;
  return { ...update, $set: fields };
}

function mergeSetOnInsert(update: Update): Update {
  const { $setOnInsert, ...modifier } = update;
  if ($setOnInsert === undefined) return modifier;
  // The two name no path in common: assertUpdateParses refuses that.
  const onInsert = $setOnInsert as Record<string, unknown>;
  const set = (modifier.$set ?? {}) as Record<string, unknown>;
  return { ...modifier, $set: { ...set, ...onInsert } };
}

// What MongoDB inserts on an upsert without a match: the filter's equalities, then the update.
// mingo's $set refuses `_id`, which an upsert may set, so it is placed directly.
export function upsertedDocument(filter: Filter, update: Update): Document {
  const seeded = upsertSeed(filter);
  const { $set, ...modifier } = mergeSetOnInsert(update);
  const { _id, ...fields } = ($set ?? {}) as Record<string, unknown>;
  // The filter's _id is the document's: a $set of another one is refused, as on an update.
  if (_id !== undefined && seeded._id !== undefined && encodeKey([_id]) !== encodeKey([seeded._id])) throw new Error(IMMUTABLE_ID);
  if (_id !== undefined) seeded._id = cloneDocument(_id);
  applyOperators(seeded, $set === undefined ? modifier : { ...modifier, $set: fields }, undefined);
  return withIdFirst(seeded);
}

// Whether a replacement changes nothing, as their JSON texts say. Most replacements change a
// top-level string, number or boolean (a checkpoint's position, an issue's updated_at): that
// field alone tells them apart: 0.2 µs for a checkpoint (written ten times per issue) where
// the two texts cost 1.4 µs, 0.5 µs for an issue where they cost 6.3. Equal JSON
// text is equal parsed values, so a field both hold with values whose texts differ (two
// strings, two finite numbers, two booleans, unequal) means different texts, unless a
// toJSON of the document's own speaks instead.
export function sameDocument(left: Document, right: Document): boolean {
  if (!Object.hasOwn(left, 'toJSON') && !Object.hasOwn(right, 'toJSON')) {
    for (const key in left) {
      const before = left[key];
      const after = right[key];
      if (before === after || typeof before !== typeof after || !Object.hasOwn(left, key) || !Object.hasOwn(right, key)) continue;
      if (typeof before === 'string' || typeof before === 'boolean') return false;
      if (typeof before === 'number' && Number.isFinite(before) && Number.isFinite(after)) return false;
    }
  }
  return JSON.stringify(left) === JSON.stringify(right);
}
