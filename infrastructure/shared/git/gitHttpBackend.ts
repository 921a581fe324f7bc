import { spawn } from 'node:child_process';
import { createGunzip } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gitEnvironment } from './gitCommand.js';

export interface HttpBackendRequest {
  readonly projectRoot: string; // the directory holding <id>.git
  readonly pathInfo: string; // /<id>.git/info/refs, /<id>.git/git-upload-pack, ...
  readonly remoteUser: string | null;
  readonly remoteAddress: string;
  // Extra environment for git and its hooks (the push's callback address and token).
  readonly environment: Readonly<Record<string, string>>;
  readonly hooksPath: string;
  readonly homeDirectory: string;
}

// git's own smart HTTP server (`git http-backend`, a CGI program) behind the API's server
// (ref advertisements and pushes; a fetch's POST goes to upload-pack itself, below):
// the request body streams to its stdin, its CGI headers become the response's, the rest of
// its output streams back. Nothing is buffered whole, whatever the size of a clone or push.
export function serveWithHttpBackend(req: IncomingMessage, res: ServerResponse, request: HttpBackendRequest): Promise<void> {
  if (req.method === 'POST' && request.pathInfo.endsWith('/git-upload-pack')) return serveUploadPack(req, res, request);
  const url = new URL(req.url ?? '/', 'http://localhost');
  const env: Record<string, string> = {
    ...gitEnvironment(request.homeDirectory),
    ...request.environment,
    GIT_PROJECT_ROOT: request.projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: request.pathInfo,
    REQUEST_METHOD: req.method ?? 'GET',
    QUERY_STRING: url.search.replace(/^\?/, ''),
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    REMOTE_ADDR: request.remoteAddress,
    ...(request.remoteUser ? { REMOTE_USER: request.remoteUser } : {}),
    ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
    ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
    // Pushes are allowed here (the caller's right to push was decided before), and every
    // update passes the pre-receive hook, which records it in the log first.
    // Partial clones (--filter) are served as GitHub serves them. Pushed objects are checked
    // as git's fsck checks them (GitHub refuses the same): a tree holding `.GIT` or `git~1`
    // would write into `.git` on a Mac or Windows checkout. Set here rather than in each
    // repository's config, so repositories created before hold it too. A pull request's refs
    // (refs/pull/<n>/head, /merge) are forgelog's to move: a push to them is refused, as
    // GitHub refuses it ("deny updating a hidden ref"); fetches still read them.
    GIT_CONFIG_COUNT: '6',
    GIT_CONFIG_KEY_0: 'http.receivepack',
    GIT_CONFIG_VALUE_0: 'true',
    GIT_CONFIG_KEY_1: 'core.hooksPath',
    GIT_CONFIG_VALUE_1: request.hooksPath,
    GIT_CONFIG_KEY_2: 'uploadpack.allowFilter',
    GIT_CONFIG_VALUE_2: 'true',
    GIT_CONFIG_KEY_3: 'uploadpack.allowAnySHA1InWant',
    GIT_CONFIG_VALUE_3: 'true',
    GIT_CONFIG_KEY_4: 'receive.fsckObjects',
    GIT_CONFIG_VALUE_4: 'true',
    GIT_CONFIG_KEY_5: 'receive.hideRefs',
    GIT_CONFIG_VALUE_5: 'refs/pull',
  };
  return new Promise((resolve) => {
    const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let head = Buffer.alloc(0);
    let headersDone = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 200;
        else res.setHeader(name, value);
      }
      res.statusCode = status;
      const rest = head.subarray(end + 4);
      if (rest.length > 0) res.write(rest);
    });
    child.stderr.resume();
    child.on('close', () => {
      if (!headersDone && !res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain');
      }
      res.end();
      resolve();
    });
    child.on('error', () => undefined);
    req.pipe(child.stdin);
    child.stdin.on('error', () => undefined);
  });
}

// A fetch's POST (the bulk of a clone) goes to `git upload-pack --stateless-rpc` directly, as
// http-backend would run it, without http-backend in between: one process instead of two
// on the path every clone and fetch takes, several times per clone with protocol v2.
function serveUploadPack(req: IncomingMessage, res: ServerResponse, request: HttpBackendRequest): Promise<void> {
  const directory = `${request.projectRoot}${request.pathInfo.slice(0, -'/git-upload-pack'.length)}`;
  const env: Record<string, string> = {
    ...gitEnvironment(request.homeDirectory),
    ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
    GIT_CONFIG_COUNT: '2',
    GIT_CONFIG_KEY_0: 'uploadpack.allowFilter',
    GIT_CONFIG_VALUE_0: 'true',
    GIT_CONFIG_KEY_1: 'uploadpack.allowAnySHA1InWant',
    GIT_CONFIG_VALUE_1: 'true',
  };
  return new Promise((resolve) => {
    const child = spawn('git', ['upload-pack', '--stateless-rpc', directory], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/x-git-upload-pack-result');
    res.setHeader('Cache-Control', 'no-cache, max-age=0, must-revalidate');
    child.stdout.pipe(res);
    child.stderr.resume();
    child.on('close', () => resolve());
    child.on('error', () => {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
      resolve();
    });
    child.stdin.on('error', () => undefined);
    const body = req.headers['content-encoding'] === 'gzip' ? req.pipe(createGunzip()) : req;
    body.on('error', () => child.kill());
    body.pipe(child.stdin);
  });
}
