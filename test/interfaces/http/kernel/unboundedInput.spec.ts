import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

// Sends a request's head, then the body bytes given, and answers what the server says and
// whether it closed the connection; the body may be larger than what is ever sent.
function rawRequest(server: TestServer, head: string, body: Buffer, deadlineMs = 10_000): Promise<{ response: string; closed: boolean }> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), '127.0.0.1');
    let response = '';
    const timer = setTimeout(() => finish(false), deadlineMs);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ response, closed });
    };
    socket.on('data', (chunk) => (response += chunk.toString('latin1')));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(head);
    socket.write(body);
  });
}

const head = (path: string, length: number, authorization?: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${authorization ? `Authorization: ${authorization}\r\n` : ''}\r\n`;

describe('unbounded input before authentication', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ FORGELOG_REQUEST_TIMEOUT_MS: '1000' });
    await createUser(server, 'writer');
  });
  after(async () => server.close());

  it('an anonymous 25 MB declared body answers 413 at once, from its Content-Length, and the connection is closed', async () => {
    const { response, closed } = await rawRequest(server, head('/user/repos', 25 * 1024 * 1024), Buffer.from('{"name":'));
    expect(response.startsWith('HTTP/1.1 413')).to.equal(true);
    expect(response).to.contain('Request body too large');
    expect(response.toLowerCase()).to.contain('connection: close');
    expect(closed).to.equal(true);
  });

  it('an anonymous body over 64 KB is refused while streaming when no length is declared', async () => {
    const chunked = `POST /user/repos HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const piece = Buffer.from(`10000\r\n${'x'.repeat(0x10000)}\r\n10000\r\n${'x'.repeat(0x10000)}\r\n`);
    const { response } = await rawRequest(server, chunked, piece);
    expect(response.startsWith('HTTP/1.1 413')).to.equal(true);
  });

  it('a signed-in caller may send a larger body (refused by field limits, not by size)', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'big', description: 'd'.repeat(200_000) }));
    const { response } = await rawRequest(server, head('/user/repos', body.length, basicAuthorization('writer', PASSWORD)), body);
    expect(response.startsWith('HTTP/1.1 422')).to.equal(true);
    expect(response).to.contain('description is too long');
  });

  it('twelve concurrent anonymous 25 MB uploads cost the server no such memory and other clients no delay', async () => {
    const before = process.memoryUsage().rss;
    const chunk = Buffer.alloc(1024 * 1024, 0x78);
    const uploads = Array.from({ length: 12 }, () => rawRequest(server, head('/user/repos', 25 * 1024 * 1024), Buffer.concat([chunk, chunk, chunk])));
    const started = Date.now();
    const other = await fetch(`${server.url}/users/writer`);
    expect(other.status).to.equal(200);
    const answers = await Promise.all(uploads);
    expect(answers.every(({ response }) => response.startsWith('HTTP/1.1 413'))).to.equal(true);
    expect(Date.now() - started).to.be.below(5_000);
    const grownMb = (process.memoryUsage().rss - before) / 1024 / 1024;
    expect(grownMb, `${grownMb.toFixed(1)} MB`).to.be.below(100);
  });

  // The rest of a refused body is read and dropped while it keeps coming (a lingering close):
  // closed at once, the client still writing got a reset and never read the 413.
  it('a signed-in client sending more than 25 MB reads the 413 and its message, and its upload ends without a reset', async () => {
    const body = Buffer.alloc(26 * 1024 * 1024, 0x20);
    const { port } = new URL(server.url);
    const outcome = await new Promise<{ status: number; text: string; errors: string[] }>((resolve) => {
      const errors: string[] = [];
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: Number(port),
          path: '/user/repos',
          method: 'POST',
          headers: { authorization: basicAuthorization('writer', PASSWORD), 'content-length': body.length },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          // The upload's own outcome is known once the socket has closed.
          request.socket?.once('close', () => resolve({ status: response.statusCode!, text, errors }));
        },
      );
      request.on('error', (error) => errors.push(error.message));
      request.end(body);
    });
    expect(outcome.status).to.equal(413);
    expect(JSON.parse(outcome.text).message).to.equal('Request body too large');
    expect(outcome.errors).to.deep.equal([]);
    const repositories = await fetch(`${server.url}/users/writer/repos`);
    expect(await repositories.json()).to.deep.equal([]);
  });

  it('a body that stops arriving times out (408) and the connection is closed', async () => {
    const { response, closed } = await rawRequest(server, head('/user/repos', 100, basicAuthorization('writer', PASSWORD)), Buffer.from('{"na'), 15_000);
    expect(closed).to.equal(true);
    expect(response === '' || response.startsWith('HTTP/1.1 408')).to.equal(true);
  });

  // Found by a fuzzing walk-through: what node's parser refuses before any route runs (a raw
  // non-ASCII byte in the path, headers past node's 16 KB) was answered with a bare status line
  // and no body, where every other refusal is GitHub's JSON with a message.
  it("a request node's parser refuses answers GitHub's JSON error (400, 431), and the connection is closed", async () => {
    for (const [request, status, message] of [
      ['GET /repos/octocat/\u00e9 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400, 'Bad request'],
      [`GET /search/repositories?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 431, 'Request header fields too large'],
      [`GET /users/writer HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`, 431, 'Request header fields too large'],
      ['NOT-HTTP\r\n\r\n', 400, 'Bad request'],
    ] as const) {
      const { response, closed } = await rawRequest(server, request, Buffer.alloc(0));
      expect(response.startsWith(`HTTP/1.1 ${status} `), response.slice(0, 40)).to.equal(true);
      expect(response.toLowerCase()).to.contain('content-type: application/json');
      expect(response.toLowerCase()).to.contain('connection: close');
      expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).to.deep.equal({
        message,
        documentation_url: 'https://docs.github.com/rest',
        status: String(status),
      });
      expect(closed).to.equal(true);
    }
    expect((await fetch(`${server.url}/users/writer`)).status).to.equal(200);
  });
});
