import type { Document, Update } from '../../../application/shared/ports/readModelStore.port.js';
import { isPlainObject } from './documentPaths.js';

// The updates MongoDB refuses, refused here before anything of them is applied (mingo applies
// an update operator by operator and skips, silently, one it cannot apply: a $push onto a
// number, an $inc of a string, a field created inside a scalar, while the others apply).
// Two checks, as MongoDB makes them: the update itself, once per call, before any document
// is looked at (refused even where nothing matches); then each document it is applied to.

const NUMERIC_SEGMENT = /^\d+$/;

// Operators that refuse a path they cannot follow to its end (a scalar, or an array met by a
// name): they would create what is missing. The others ($unset, $pull, $pullAll, $pop) do
// nothing there.
const CREATING = new Set(['$set', '$setOnInsert', '$inc', '$mul', '$min', '$max', '$push', '$addToSet', '$currentDate']);

// What an operator needs at the end of its path, when something is there.
const NUMERIC_TARGET = new Set(['$inc', '$mul']);
const ARRAY_TARGET = new Set(['$push', '$addToSet', '$pop', '$pull', '$pullAll']);

// The update as MongoDB parses it: operands are objects, amounts are numbers, no path named
// twice or with one of its parents (in any two operators, $setOnInsert and both ends of a
// $rename included), no empty field name. A projection's update names a few paths: each
// pair is compared (0.3 µs the whole check for six paths, where sorting them, as the check
// before this one did, cost 2.5 µs; a set of every path's parents, 1 µs); a long list goes
// through a set.
export function assertUpdateParses(update: Update): void {
  const paths: string[] = [];
  for (const name in update) {
    const fields = update[name];
    if (!isPlainObject(fields)) throw new Error(`Modifiers operate on fields but we found type ${typeName(fields)} instead.`);
    for (const path in fields) {
      assertPathParses(path);
      assertOperandParses(name, path, fields[path]);
      paths.push(path);
      if (name === '$rename') {
        assertPathParses(fields[path] as string);
        paths.push(fields[path] as string);
      }
    }
  }
  if (paths.length > PAIRWISE_UP_TO) {
    const seen = new Set<string>();
    for (const path of paths) claim(seen, path);
    return;
  }
  for (let i = 1; i < paths.length; i++) {
    for (let j = 0; j < i; j++) assertApart(paths[i]!, paths[j]!);
  }
}

const PAIRWISE_UP_TO = 16;

function assertApart(one: string, other: string): void {
  if (one === other) throw conflict(one, other);
  if (one.length > other.length && one.charCodeAt(other.length) === DOT && one.startsWith(other)) throw conflict(one, other);
  if (other.length > one.length && other.charCodeAt(one.length) === DOT && other.startsWith(one)) throw conflict(other, one);
}

function assertOperandParses(name: string, path: string, value: unknown): void {
  if (name === '$inc' && typeof value !== 'number') throw new Error(`Cannot increment with non-numeric argument: {${path}: ${shown(value)}}`);
  if (name === '$mul' && typeof value !== 'number') throw new Error(`Cannot multiply with non-numeric argument: {${path}: ${shown(value)}}`);
  if (name === '$pop' && value !== 1 && value !== -1) throw new Error(`$pop expects 1 or -1, found: ${shown(value)}`);
  if (name === '$pullAll' && !Array.isArray(value)) throw new Error(`$pullAll requires an array argument but was given a ${typeName(value)}`);
  if ((name === '$push' || name === '$addToSet') && isPlainObject(value) && Object.hasOwn(value, '$each') && !Array.isArray(value.$each)) {
    throw new Error(`The argument to $each in ${name} must be an array but it was of type: ${typeName(value.$each)}`);
  }
  if (name === '$rename') {
    if (typeof value !== 'string') throw new Error(`The 'to' field for $rename must be a string: ${path}: ${shown(value)}`);
    if (value === path) throw new Error(`The source and target field for $rename must differ: ${path}: ${shown(value)}`);
  }
}

function assertPathParses(path: string): void {
  if (path === '') throw new Error('An empty update path is not valid.');
  if (path.charCodeAt(0) === DOT || path.charCodeAt(path.length - 1) === DOT || path.includes('..')) {
    throw new Error(`The update path '${path}' contains an empty field name, which is not allowed.`);
  }
}

const DOT = 0x2e;

// Adds a path to those of the update, refusing it where it is one of them, a parent of one
// (every path's parents are kept, marked) or a child of one.
function claim(seen: Set<string>, path: string): void {
  if (seen.has(path)) throw conflict(path, path);
  if (seen.has(PARENT + path)) throw conflict(childOf(seen, path), path);
  seen.add(path);
  for (let dot = path.indexOf('.'); dot !== -1; dot = path.indexOf('.', dot + 1)) {
    const parent = path.slice(0, dot);
    if (seen.has(parent)) throw conflict(path, parent);
    seen.add(PARENT + parent);
  }
}

// A key no path can be (a path has no empty name).
const PARENT = '.';

function childOf(seen: Set<string>, parent: string): string {
  for (const path of seen) if (path.startsWith(parent + '.')) return path;
  return parent;
}

function conflict(path: string, at: string): Error {
  return new Error(`Updating the path '${path}' would create a conflict at '${at}'`);
}

// Whether MongoDB applies these operators to this document: each path followed from the
// document's top, refused where a creating operator meets a scalar, or an array by a name
// not an index (MongoDB does not reach into array elements by name in an update); the value
// at the end refused where it is of a type the operator cannot change. Reads the document
// only; positional paths (`$`) are mingo's to resolve and are not checked.
export function assertAppliesTo(document: Document, operands: ReadonlyArray<[string, Record<string, unknown>]>): void {
  for (const [name, fields] of operands) {
    for (const path in fields) {
      if (path.includes('$')) continue;
      if (name === '$rename') {
        assertRenameApplies(document, path, fields[path] as string);
        continue;
      }
      const end = pathEnd(document, path, CREATING.has(name));
      if (end === undefined || end.value === undefined) continue;
      assertTargetType(document, name, path, end.value);
    }
  }
}

// $rename moves a value that is there (none: nothing happens) to a path it can create;
// neither end may pass through an array.
function assertRenameApplies(document: Document, from: string, to: string): void {
  const source = pathEnd(document, from, false);
  if (source === undefined || source.value === undefined) return;
  if (source.throughArray)
    throw new Error(
      `The source field cannot be an array element, '${from}' in doc with _id: ${shown(document._id)} has an array field called '${source.throughArray}'`,
    );
  const target = pathEnd(document, to, true);
  if (target?.throughArray)
    throw new Error(
      `The destination field cannot be an array element, '${to}' in doc with _id: ${shown(document._id)} has an array field called '${target.throughArray}'`,
    );
}

interface PathEnd {
  readonly value: unknown;
  // The field holding an array the path went through, if any.
  readonly throughArray?: string;
}

// The value at the end of the path (undefined value: nothing there yet), or undefined where
// the path cannot be followed (refused, when `creating`).
function pathEnd(document: Document, path: string, creating: boolean): PathEnd | undefined {
  let current: unknown = document;
  let holder = '';
  let throughArray: string | undefined;
  let start = 0;
  while (true) {
    const dot = path.indexOf('.', start);
    const segment = dot === -1 ? path.slice(start) : path.slice(start, dot);
    let next: unknown;
    if (Array.isArray(current)) {
      if (!NUMERIC_SEGMENT.test(segment)) return notViable(creating, segment, holder, current);
      throughArray ??= holder;
      next = current[Number(segment)];
    } else if (isPlainObject(current)) {
      next = Object.hasOwn(current, segment) ? current[segment] : undefined;
    } else return notViable(creating, segment, holder, current);
    if (dot === -1 || next === undefined) return { value: dot === -1 ? next : undefined, ...(throughArray !== undefined ? { throughArray } : {}) };
    current = next;
    holder = segment;
    start = dot + 1;
  }
}

function notViable(creating: boolean, segment: string, holder: string, value: unknown): undefined {
  if (creating) throw new Error(`Cannot create field '${segment}' in element {${holder}: ${shown(value)}}`);
  return undefined;
}

function assertTargetType(document: Document, name: string, path: string, value: unknown): void {
  if (NUMERIC_TARGET.has(name) && typeof value !== 'number') {
    throw new Error(
      `Cannot apply ${name} to a value of non-numeric type. {_id: ${shown(document._id)}} has the field '${lastSegment(path)}' of non-numeric type ${typeName(value)}`,
    );
  }
  if (!ARRAY_TARGET.has(name) || Array.isArray(value)) return;
  if (name === '$push') throw new Error(`The field '${path}' must be an array but is of type ${typeName(value)} in document {_id: ${shown(document._id)}}`);
  if (name === '$addToSet')
    throw new Error(`Cannot apply $addToSet to non-array field. Field named '${lastSegment(path)}' has non-array type ${typeName(value)}`);
  if (name === '$pop') throw new Error(`Path '${path}' contains an element of non-array type '${typeName(value)}'`);
  throw new Error(`Cannot apply ${name} to a non-array value`);
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

// BSON's type names, as MongoDB's messages give them.
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

function shown(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}
