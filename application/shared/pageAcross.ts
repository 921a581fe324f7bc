import type { Collection, Document, Filter, SortSpec } from './ports/readModelStore.port.js';

// A page of a list whose filter leaves one field free among a few values (the issues of every
// state): each value's run is read in the sort's order to the end of the page (the ordered
// index pinning that value walks and stops), then the runs are merged. It costs the page and
// the pages before it, as one walk of an index would, without an index per free field.
export async function pageAcross<T extends Document>(
  collection: Collection<T>,
  filter: Filter,
  free: { readonly field: string; readonly values: readonly (string | number | boolean)[] },
  sort: SortSpec,
  { skip, limit }: { readonly skip: number; readonly limit: number },
): Promise<T[]> {
  const runs = await Promise.all(free.values.map((value) => collection.find({ ...filter, [free.field]: value }, { sort, limit: skip + limit })));
  return runs
    .flat()
    .sort(compareBy(sort))
    .slice(skip, skip + limit);
}

// MongoDB's order for the scalars a sort key holds here: null (or missing) < numbers < strings
// < booleans, each in its own order.
function rank(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  return 3;
}

export function compareBy(sort: SortSpec): (a: Document, b: Document) => number {
  const fields = Object.entries(sort);
  return (a, b) => {
    for (const [field, direction] of fields) {
      const left = a[field];
      const right = b[field];
      const order = rank(left) - rank(right) || (left === right || rank(left) === 0 ? 0 : (left as number | string) < (right as number | string) ? -1 : 1);
      if (order !== 0) return order * direction;
    }
    return 0;
  };
}
