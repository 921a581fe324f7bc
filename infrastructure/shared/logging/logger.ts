import { pino, type Logger } from 'pino';

// Log lines are buffered and written in 4 KiB chunks: a write per request line costs a
// system call per request, the largest single cost of a small GET when measured. The
// buffer is flushed at shutdown (flushLogger) and on a fatal exit.
export function createLogger(level: string, destination: string | number = 1): Logger {
  return pino({ level }, pino.destination({ dest: destination, sync: false, minLength: 4096 }));
}

export function flushLogger(logger: Logger): void {
  try {
    logger.flush();
  } catch {
    // a logger whose stream is already closed has nothing left to flush
  }
}
