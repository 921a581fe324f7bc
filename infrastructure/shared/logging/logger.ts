import { pino, type DestinationStream, type Logger } from 'pino';

const CHUNK_BYTES = 65_536;
const PERIODIC_FLUSH_MS = 1000;

// Log lines are gathered and written in chunks of about 64 KiB: a write per request line
// costs a system call per request, the largest single cost of a small GET when measured (and
// at 4 KiB a chunk, a request line in a dozen still paid for one: a twentieth of a 304 poll).
// Each line is copied into the chunk's Buffer as it comes, so its string dies young: held in
// a list until the chunk filled, a few hundred lines' strings outlived the young generation's
// collections and were copied by each (measured at about 1 µs of a 304 poll). They are
// gathered here rather than in sonic-boom's own buffer, which measures the byte length of
// its whole pending buffer on every write. Every line, pino's own and the request log's
// (requestLog.ts writes to this stream directly), goes through the one buffer, so lines keep
// their order. The chunks are written synchronously: an asynchronous write hands each one to
// libuv's thread pool, and the wake-ups of that hand-off cost more than the write. A quiet
// server still shows its lines within a second (the periodic flush); the rest is flushed at
// shutdown (flushLogger) and on a fatal exit.
// sonic-boom in its 'buffer' content mode (its typings know only strings).
interface ChunkSink {
  write(chunk: Buffer): unknown;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

class ChunkedLines implements DestinationStream {
  private chunk = Buffer.allocUnsafe(2 * CHUNK_BYTES);
  private used = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly sink: ChunkSink) {
    this.timer = setInterval(() => this.flushChunk(), PERIODIC_FLUSH_MS);
    this.timer.unref();
  }

  write(line: string): void {
    // UTF-8 takes at most three bytes for each UTF-16 unit of a string.
    if (3 * line.length > this.chunk.length - this.used) {
      this.flushChunk();
      if (3 * line.length > this.chunk.length) {
        this.sink.write(Buffer.from(line));
        return;
      }
    }
    this.used += this.chunk.write(line, this.used);
    if (this.used >= CHUNK_BYTES) this.flushChunk();
  }

  // pino's logger.flush() calls this.
  flush(callback?: (error?: Error) => void): void {
    this.flushChunk();
    this.sink.flush(callback);
  }

  flushSync(): void {
    this.flushChunk();
    this.sink.flushSync();
  }

  // The sink keeps the Buffer it is given should the write have to wait (EAGAIN on a pipe):
  // it is handed over, and the next lines go into a new one.
  private flushChunk(): void {
    if (this.used === 0) return;
    const filled = this.chunk.subarray(0, this.used);
    this.chunk = Buffer.allocUnsafe(2 * CHUNK_BYTES);
    this.used = 0;
    this.sink.write(filled);
  }
}

export function createLogger(level: string, destination: string | number = 1): Logger {
  return pino({ level }, new ChunkedLines(pino.destination({ dest: destination, sync: true, contentMode: 'buffer' }) as unknown as ChunkSink));
}

export function flushLogger(logger: Logger): void {
  try {
    logger.flush();
  } catch {
    // a logger whose stream is already closed has nothing left to flush
  }
}
