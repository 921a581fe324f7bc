import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { DOCUMENTATION_URL } from './githubError.js';

// What node's parser refuses before any route runs (a raw non-ASCII byte in the request line,
// headers past node's 16 KB, a request that stops arriving): node's own answer is a bare
// status line, so a client that reads `message` finds none. GitHub's JSON instead, with the
// status node would have given, when nothing has been written to the connection yet (as node's
// own handler checks), then the connection is closed.
function answerOf(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'Request header fields too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'Request timeout' };
  return { status: 400, message: 'Bad request' };
}

export function answerClientErrorsAsGithub(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { bytesWritten?: number }) => {
    if (!socket.writable || (socket.bytesWritten ?? 0) > 0 || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const { status, message } = answerOf(error.code);
    const body = JSON.stringify({ message, documentation_url: DOCUMENTATION_URL });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
}
