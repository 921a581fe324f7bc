// Values an `$all` filter must all hold, the one held by fewest documents first: a walk of a
// multikey index goes along the first (the others are tested on what it meets), so its cost is
// that value's documents. The counts come from the index (kept per prefix), not a scan.
export async function rarestFirst<T>(values: readonly T[], countOf: (value: T) => Promise<number>): Promise<T[]> {
  if (values.length < 2) return [...values];
  const counted = await Promise.all(values.map(async (value) => ({ value, count: await countOf(value) })));
  return counted.sort((a, b) => a.count - b.count).map(({ value }) => value);
}
