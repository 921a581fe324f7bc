// Reads of the log go into buffers kept for reuse rather than one allocated per read. glibc
// raises its mmap threshold to the size of the largest mapped block freed (up to 32 MB): once
// the first scan buffer was freed, every later read buffer came from the malloc heap, which
// keeps what it frees. A replay of 141,470 events left 35 MB more resident that way.
export const READ_BUFFER_BYTES = 1024 * 1024;
// A read shorter than this (a stream's scattered records, read many at once) gets a buffer
// of its own size: small blocks come from malloc's arenas and move no threshold.
const POOLED_FROM_BYTES = 64 * 1024;
// More than the reads a replay has in flight at once (lanes share their chunk reads).
const KEPT = 4;

const spare: Buffer[] = [];

// `use` gets a buffer of exactly `length` bytes, to fill and decode before it returns: nothing
// may keep a view of it. A read longer than the kept size (one huge record) gets its own.
// More reads at once than buffers kept get new ones, of which four are kept afterwards.
export async function withReadBuffer<T>(length: number, use: (buffer: Buffer) => Promise<T>): Promise<T> {
  if (length < POOLED_FROM_BYTES || length > READ_BUFFER_BYTES) return use(Buffer.allocUnsafe(length));
  const buffer = spare.pop() ?? Buffer.allocUnsafeSlow(READ_BUFFER_BYTES);
  try {
    return await use(buffer.subarray(0, length));
  } finally {
    if (spare.length < KEPT) spare.push(buffer);
  }
}
