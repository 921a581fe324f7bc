import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '../../application/webhooks/webhookDelivery.ports.js';
import { isRefusedAddress } from './addressPolicy.js';

export interface WebhookTransportSettings {
  // Loopback and private targets allowed (tests, a receiver on the same network).
  readonly allowPrivateTargets: boolean;
  readonly timeoutMs: number;
  // At most this much of an answer is read and kept.
  readonly maxResponseBytes: number;
  // Deliveries in flight at once: a slow receiver holds a slot, not the server.
  readonly concurrency: number;
}

export const DEFAULT_WEBHOOK_TRANSPORT: WebhookTransportSettings = {
  allowPrivateTargets: false,
  timeoutMs: 10_000,
  maxResponseBytes: 64 * 1024,
  concurrency: 8,
};

class RefusedTarget extends Error {}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

// POSTs over node:http(s). The address is checked after DNS resolution, in the lookup the
// socket itself uses, so a name cannot resolve to a refused address between a check and the
// connection.
export class HttpWebhookTransport implements WebhookTransport {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly settings: WebhookTransportSettings = DEFAULT_WEBHOOK_TRANSPORT) {}

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    await this.slot();
    try {
      return await this.post(request);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private slot(): Promise<void> {
    if (this.running < this.settings.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.waiting.push(() => {
        this.running++;
        resolve();
      }),
    );
  }

  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const allowed = this.settings.allowPrivateTargets ? addresses : addresses.filter((address) => !isRefusedAddress(address.address));
      if (allowed.length === 0) return callback(new RefusedTarget(`${hostname} resolves to an address deliveries may not reach`), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };

  private post(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failure = (message: string): WebhookResponse => ({ statusCode: 0, message, headers: {}, body: null, durationMs: elapsed() });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return Promise.resolve(failure('Invalid URL'));
    }
    // A literal address never goes through lookup: it is judged here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.settings.allowPrivateTargets && /^[\d.]+$|:/.test(literal) && isRefusedAddress(literal))
      return Promise.resolve(failure('Refused: the address is not on the public Internet'));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (response: WebhookResponse) => {
        if (settled) return;
        settled = true;
        resolve(response);
      };
      const outgoing = send(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
          lookup: this.lookup,
          timeout: this.settings.timeoutMs,
          ...(url.protocol === 'https:' ? { rejectUnauthorized: !request.insecureSsl } : {}),
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          incoming.on('data', (chunk: Buffer) => {
            if (kept >= this.settings.maxResponseBytes) return;
            const part = chunk.subarray(0, this.settings.maxResponseBytes - kept);
            kept += part.length;
            chunks.push(part);
            // Enough kept: the rest is not waited for.
            if (kept >= this.settings.maxResponseBytes) incoming.destroy();
          });
          const done = () =>
            finish({
              statusCode: incoming.statusCode ?? 0,
              message: incoming.statusMessage ?? '',
              headers: flatHeaders(incoming.headers),
              body: Buffer.concat(chunks).toString('utf8'),
              durationMs: elapsed(),
            });
          incoming.on('end', done);
          incoming.on('close', done);
          incoming.on('error', done);
        },
      );
      outgoing.on('timeout', () => {
        outgoing.destroy();
        finish(failure(`Timed out after ${this.settings.timeoutMs / 1000} seconds`));
      });
      outgoing.on('error', (error) => finish(failure(error instanceof RefusedTarget ? `Refused: ${error.message}` : `${error.message}`)));
      outgoing.end(request.body);
    });
  }
}
