import type { BenchRow } from './benchRow.js';

// Code search beside `git grep` over the same files (filled in with GET /search/code).
export async function codeSearchBeside(): Promise<BenchRow[]> {
  return [];
}
