import type { SearchQuery } from '../../../application/shared/ports/searchIndex.port.js';

// Meilisearch's default page size, so an omitted limit means the same on both adapters.
export const DEFAULT_LIMIT = 20;

export interface Paging {
  readonly offset: number;
  readonly limit: number;
}

function assertCount(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got ${value}`);
  return value;
}

export function pagingOf(query: SearchQuery): Paging {
  return { offset: assertCount(query.offset ?? 0, 'offset'), limit: assertCount(query.limit ?? DEFAULT_LIMIT, 'limit') };
}
