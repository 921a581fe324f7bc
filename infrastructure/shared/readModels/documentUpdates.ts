import { update as applyModifier } from 'mingo';
import type { Modifier } from 'mingo/updater';
import type { Document, Filter, Update } from '../../../application/shared/ports/readModelStore.port.js';
import { withIdFirst } from './documentRules.js';
import { upsertSeed } from './upsertSeed.js';

// Mutates `target`; returns whether any value changed. The filter is passed only for the
// positional `$` operator, which needs it to find the array element that matched.
function applyOperators(target: Document, modifier: Update, filter: Filter | undefined): boolean {
  if (Object.keys(modifier).length === 0) return false;
  const positional = Object.values(modifier).some(
    (fields) => typeof fields === 'object' && fields !== null && Object.keys(fields).some((path) => path.includes('.$')),
  );
  const changedPaths = applyModifier(
    target,
    modifier as Modifier<Document>,
    undefined,
    positional ? filter : undefined,
    { cloneMode: 'deep' },
  );
  return changedPaths.length > 0;
}

// The updated copy of a stored document, or undefined when the update changes nothing.
export function updatedCopy(stored: Document, update: Update, filter: Filter): Document | undefined {
  const { $setOnInsert: _onlyOnInsert, ...modifier } = update;
  const copy = structuredClone(stored);
  return applyOperators(copy, modifier, filter) ? copy : undefined;
}

function mergeSetOnInsert(update: Update): Update {
  const { $setOnInsert, ...modifier } = update;
  if ($setOnInsert === undefined) return modifier;
  const onInsert = $setOnInsert as Record<string, unknown>;
  const set = (modifier.$set ?? {}) as Record<string, unknown>;
  const clash = Object.keys(onInsert).find((path) => path in set);
  if (clash !== undefined) throw new Error(`Updating the path '${clash}' would create a conflict at '${clash}'`);
  return { ...modifier, $set: { ...set, ...onInsert } };
}

// What MongoDB inserts on an upsert without a match: the filter's equalities, then the update.
export function upsertedDocument(filter: Filter, update: Update): Document {
  const seeded = upsertSeed(filter);
  applyOperators(seeded, mergeSetOnInsert(update), undefined);
  return withIdFirst(seeded);
}

export function sameDocument(left: Document, right: Document): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
