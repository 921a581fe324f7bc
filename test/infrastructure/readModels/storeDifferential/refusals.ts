import type { Document, Update } from '../../../../application/shared/ports/readModelStore.port.js';
import { isPlainObject } from './generator.js';

// The updates MongoDB refuses, which the reference refuses whole before mingo applies any of
// them (mingo skips an operator it cannot apply and applies the others). Written from
// MongoDB's manual and messages, apart from the store's own checks (updateRefusals.ts), and
// plainly: every pair of paths compared, every path walked segment by segment.

export class RefusedUpdate extends Error {}

function refuse(reason: string): never {
  throw new RefusedUpdate(reason);
}

// Refused as the update is parsed, whatever the documents (even none matching).
export function refuseUnparsed(update: Update): void {
  const paths: string[] = [];
  for (const [operator, fields] of Object.entries(update)) {
    if (!isPlainObject(fields)) refuse(`${operator} given a ${typeof fields}`);
    for (const [path, operand] of Object.entries(fields)) {
      paths.push(path);
      if ((operator === '$inc' || operator === '$mul') && typeof operand !== 'number') refuse(`${operator} of ${path} by a non-number`);
      if (operator === '$pop' && operand !== 1 && operand !== -1) refuse('$pop expects 1 or -1');
      if (operator === '$pullAll' && !Array.isArray(operand)) refuse('$pullAll needs a list');
      if ((operator === '$push' || operator === '$addToSet') && isPlainObject(operand) && '$each' in operand && !Array.isArray(operand.$each)) {
        refuse(`$each of ${operator} needs a list`);
      }
      if (operator === '$rename') {
        if (typeof operand !== 'string' || operand === path) refuse('$rename to the same path or to no path');
        paths.push(operand);
      }
    }
  }
  for (const path of paths) if (path.split('.').some((segment) => segment === '')) refuse(`empty field name in '${path}'`);
  for (let i = 0; i < paths.length; i++) {
    for (let j = 0; j < paths.length; j++) {
      if (i === j) continue;
      if (paths[i] === paths[j] || paths[j]!.startsWith(paths[i] + '.')) refuse(`conflict at '${paths[i]}'`);
    }
  }
}

// Where a path leads in a document: to a value (or to nothing yet, which an operator may
// create), or to a scalar or a list it cannot go on through by name.
type Reached = { blocked: false; value: unknown; throughList: boolean } | { blocked: true };

function reach(document: Document, path: string): Reached {
  let here: unknown = document;
  let throughList = false;
  for (const segment of path.split('.')) {
    if (here === undefined) return { blocked: false, value: undefined, throughList };
    if (Array.isArray(here)) {
      if (!/^\d+$/.test(segment)) return { blocked: true };
      throughList = true;
      here = here[Number(segment)];
    } else if (isPlainObject(here)) here = Object.hasOwn(here, segment) ? here[segment] : undefined;
    else return { blocked: true };
  }
  return { blocked: false, value: here, throughList };
}

// Operators that do nothing where their path is blocked, rather than refuse.
const LEAVING_BLOCKED = ['$unset', '$pull', '$pullAll', '$pop'];

// Refused for this document (after refuseUnparsed): a blocked path an operator would create,
// a number operator on a value there that is no number (null included), a list operator on a
// value there that is no list, a $rename through a list.
export function refuseFor(document: Document, update: Update): void {
  for (const [operator, fields] of Object.entries(update)) {
    for (const [path, operand] of Object.entries(fields as Record<string, unknown>)) {
      if (path.includes('$')) continue;
      const reached = reach(document, path);
      if (operator === '$rename') {
        // Nothing there: nothing moves.
        if (reached.blocked || reached.value === undefined) continue;
        if (reached.throughList) refuse(`$rename from inside a list: ${path}`);
        const target = reach(document, operand as string);
        if (target.blocked || target.throughList) refuse(`$rename into a list or a scalar: ${String(operand)}`);
        continue;
      }
      if (reached.blocked) {
        if (LEAVING_BLOCKED.includes(operator)) continue;
        refuse(`cannot create ${path}`);
      }
      const value = reached.value;
      if (value === undefined) continue;
      if ((operator === '$inc' || operator === '$mul') && typeof value !== 'number') refuse(`${operator} of a ${typeof value}`);
      if (['$push', '$addToSet', '$pop', '$pull', '$pullAll'].includes(operator) && !Array.isArray(value)) refuse(`${operator} onto no list`);
    }
  }
}
