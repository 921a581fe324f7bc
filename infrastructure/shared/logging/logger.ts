import { pino, type Logger } from 'pino';

// Log lines are buffered and written in 4 KiB chunks: a write per request line costs a
// system call per request, the largest single cost of a small GET when measured. The
// chunks are written synchronously: an asynchronous write hands each one to libuv's thread
// pool, and the wake-ups of that hand-off (four futex calls per chunk under load) cost more
// than the write. A quiet server still shows its lines within a second (periodicFlush);
// the buffer is flushed at shutdown (flushLogger) and on a fatal exit.
export function createLogger(level: string, destination: string | number = 1): Logger {
  return pino({ level }, pino.destination({ dest: destination, sync: true, minLength: 4096, periodicFlush: 1000 }));
}

export function flushLogger(logger: Logger): void {
  try {
    logger.flush();
  } catch {
    // a logger whose stream is already closed has nothing left to flush
  }
}
