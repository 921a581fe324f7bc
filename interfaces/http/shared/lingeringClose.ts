import type { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';

// How long a connection being closed goes on reading: while the client keeps sending, and at
// most this long.
const LINGER_IDLE_MS = 500;
const LINGER_MAX_MS = 5_000;

// Closes a connection whose answer (a refusal) is written or being written while the client
// may still be sending its request: a half-close (the answer and a FIN go out), what still
// arrives is read and dropped, and the socket is destroyed once the client stops sending or
// is done, at most LINGER_MAX_MS later (a lingering close, as web servers do). Destroyed at
// once, the client's next write met a closed socket, and the reset it got made it drop the
// answer it had not read yet (ECONNRESET, EPIPE for node's clients, "fetch failed" for fetch).
// `incoming` is where what still arrives shows ('data', then 'end'): the socket itself, or the
// request whose body node's parser goes on reading from it.
export function lingeringClose(socket: Duplex, { answer, incoming = socket }: { answer?: string; incoming?: EventEmitter } = {}): void {
  let idle: NodeJS.Timeout | undefined;
  const close = () => {
    clearTimeout(idle);
    clearTimeout(longest);
    socket.destroy();
  };
  const longest = setTimeout(close, LINGER_MAX_MS);
  const stillSending = () => {
    clearTimeout(idle);
    idle = setTimeout(close, LINGER_IDLE_MS);
  };
  incoming.on('data', stillSending);
  incoming.once('end', close);
  socket.once('error', close);
  stillSending();
  socket.end(answer);
}
