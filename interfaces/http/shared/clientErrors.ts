import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { DOCUMENTATION_URL } from './githubError.js';
import { lingeringClose } from './lingeringClose.js';

// What node's parser refuses before any route runs (a raw non-ASCII byte in the request line,
// headers past node's 16 KB, a request that stops arriving): node's own answer is a bare
// status line, so a client that reads `message` finds none. GitHub's JSON instead, with the
// status node would have given, unless the answer in flight on the connection has begun (as
// node's own handler checks: a connection kept alive has carried earlier answers, and the
// request refused still needs one), then the connection is closed (lingeringClose.ts).
function answerOf(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'Request header fields too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'Request timeout' };
  return { status: 400, message: 'Bad request' };
}

export function answerClientErrorsAsGithub(server: Server): void {
  // Sockets answered and closing: node's parser reports each later byte's error again, and
  // destroying the socket then would reset it before the client has read the answer.
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: { headersSent: boolean } | null }) => {
    if (answered.has(socket)) return;
    if (!socket.writable || socket._httpMessage?.headersSent || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const { status, message } = answerOf(error.code);
    const body = JSON.stringify({ message, documentation_url: DOCUMENTATION_URL, status: String(status) });
    answered.add(socket);
    lingeringClose(socket, {
      answer: `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    });
  });
}
