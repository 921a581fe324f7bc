import { pino, type DestinationStream, type Logger } from 'pino';

const CHUNK_CHARACTERS = 65_536;
const PERIODIC_FLUSH_MS = 1000;

// Log lines are gathered and written in chunks of about 64 KiB: a write per request line
// costs a system call per request, the largest single cost of a small GET when measured (and
// at 4 KiB a chunk, a request line in a dozen still paid for one: a twentieth of a 304 poll).
// They are gathered here rather than in sonic-boom's own buffer: sonic-boom measures the
// byte length of its whole pending buffer on every write, which flattens the growing string
// each time (measured as a tenth of a 304 poll's cost). Every line, pino's own and the
// request log's (requestLog.ts writes to this stream directly), goes through the one list,
// so lines keep their order. The chunks are written synchronously: an asynchronous write
// hands each one to libuv's thread pool, and the wake-ups of that hand-off cost more than
// the write. A quiet server still shows its lines within a second (the periodic flush); the
// rest is flushed at shutdown (flushLogger) and on a fatal exit.
class ChunkedLines implements DestinationStream {
  private lines: string[] = [];
  private characters = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly sink: ReturnType<typeof pino.destination>) {
    this.timer = setInterval(() => this.flushChunk(), PERIODIC_FLUSH_MS);
    this.timer.unref();
  }

  write(line: string): void {
    this.lines.push(line);
    this.characters += line.length;
    if (this.characters >= CHUNK_CHARACTERS) this.flushChunk();
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

  private flushChunk(): void {
    if (this.lines.length === 0) return;
    const chunk = this.lines.join('');
    this.lines = [];
    this.characters = 0;
    this.sink.write(chunk);
  }
}

export function createLogger(level: string, destination: string | number = 1): Logger {
  return pino({ level }, new ChunkedLines(pino.destination({ dest: destination, sync: true })));
}

export function flushLogger(logger: Logger): void {
  try {
    logger.flush();
  } catch {
    // a logger whose stream is already closed has nothing left to flush
  }
}
