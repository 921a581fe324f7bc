import type { TLSSocket } from 'node:tls';
import type { Request } from 'express';

// The caller's address and the scheme it used, as express's req.ip and req.protocol give
// them under the app's 'trust proxy' setting. Those getters parse the peer address on
// every call to test it against the trusted proxies; without forwarding headers there is
// nothing to trust, and the answer is the socket's own, read directly.
export function clientIp(req: Request): string {
  if (req.headers['x-forwarded-for'] === undefined) return req.socket.remoteAddress ?? '';
  return req.ip ?? req.socket.remoteAddress ?? '';
}

// A trusted proxy's X-Forwarded-Proto counts only when it names http or https: the scheme
// starts every URL in every body.
export function clientProtocol(req: Request): string {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (req.headers['x-forwarded-proto'] === undefined) return own;
  const forwarded = req.protocol;
  return forwarded === 'http' || forwarded === 'https' ? forwarded : own;
}
