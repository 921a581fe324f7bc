import type { Document, Filter } from '../../../application/shared/ports/readModelStore.port.js';
import { isPlainObject } from './documentPaths.js';
import { isLookupScalar } from './equalityLookups.js';

type ValueTest = (value: unknown) => boolean;

// The filters read models use most, matched without building a mingo Query (which costs
// tens of microseconds, more than the lookup it serves): top-level fields, each pinned by
// a scalar or by $eq, $ne, $in (scalars), $gt, $gte, $lt, $lte (a number or a string), or
// $not of those.
// MongoDB's semantics: an array field matches when one of its elements does ($ne: when none
// equals); comparisons only hold between values of the bound's type; a missing field
// matches only $ne. Anything else (dotted paths, $or, null, regular expressions) is left to
// mingo: this answers undefined.
export function fieldConditionsMatcher(filter: Filter): ((document: Document) => boolean) | undefined {
  const tests: Array<[string, ValueTest]> = [];
  for (const field of Object.keys(filter)) {
    if (field.startsWith('$') || field.includes('.')) return undefined;
    const test = conditionTest(filter[field]);
    if (!test) return undefined;
    tests.push([field, test]);
  }
  return (document) => {
    for (const [field, test] of tests) if (!test(document[field])) return false;
    return true;
  };
}

function conditionTest(condition: unknown): ValueTest | undefined {
  if (isLookupScalar(condition)) return equalTo(condition);
  if (!isPlainObject(condition)) return undefined;
  const operators = Object.keys(condition);
  if (operators.length === 0) return undefined;
  const tests: ValueTest[] = [];
  for (const operator of operators) {
    const test = operatorTest(operator, condition[operator]);
    if (!test) return undefined;
    tests.push(test);
  }
  return tests.length === 1 ? tests[0] : (value) => tests.every((test) => test(value));
}

function operatorTest(operator: string, operand: unknown): ValueTest | undefined {
  switch (operator) {
    case '$eq':
      return isLookupScalar(operand) ? equalTo(operand) : undefined;
    case '$ne': {
      if (!isLookupScalar(operand)) return undefined;
      const equal = equalTo(operand);
      return (value) => !equal(value);
    }
    case '$in':
      return Array.isArray(operand) && operand.every(isLookupScalar) ? oneOf(new Set(operand)) : undefined;
    case '$gt':
      return orderedBound(operand, (value, bound) => value > bound);
    case '$gte':
      return orderedBound(operand, (value, bound) => value >= bound);
    case '$lt':
      return orderedBound(operand, (value, bound) => value < bound);
    case '$lte':
      return orderedBound(operand, (value, bound) => value <= bound);
    case '$not': {
      // MongoDB's $not negates the operator expression it holds (so a missing field matches):
      // the projections' position guard, { _position: { $not: { $gt: n } } }.
      if (!isPlainObject(operand)) return undefined;
      const inner = conditionTest(operand);
      return inner ? (value) => !inner(value) : undefined;
    }
    default:
      return undefined;
  }
}

function equalTo(expected: unknown): ValueTest {
  return (value) => value === expected || (Array.isArray(value) && value.includes(expected));
}

function oneOf(expected: ReadonlySet<unknown>): ValueTest {
  return (value) => (Array.isArray(value) ? value.some((element) => expected.has(element)) : expected.has(value));
}

function orderedBound(bound: unknown, holds: (value: number | string, bound: number | string) => boolean): ValueTest | undefined {
  const comparable = (typeof bound === 'number' && !Number.isNaN(bound)) || typeof bound === 'string';
  if (!comparable) return undefined;
  const type = typeof bound;
  const one = (value: unknown) => typeof value === type && holds(value as number | string, bound as number | string);
  return (value) => (Array.isArray(value) ? value.some(one) : one(value));
}
