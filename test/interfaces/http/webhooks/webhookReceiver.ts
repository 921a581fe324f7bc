import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

// A receiver on 127.0.0.1 that records every delivery and answers with the statuses queued
// for it (200 once they run out).
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private readonly statuses: number[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = this.statuses.shift() ?? 200;
        res.setHeader('content-type', 'text/plain');
        res.end(res.statusCode === 200 ? 'thanks' : 'not now');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/hook`;
    return this;
  }

  answerNext(...statuses: number[]): void {
    this.statuses.push(...statuses);
  }

  of(event: string): ReceivedDelivery[] {
    return this.received.filter((delivery) => delivery.headers['x-github-event'] === event);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

// Polls until the condition holds or the deadline passes (no sleeping for a fixed time).
export async function eventually<T>(read: () => T | Promise<T>, holds: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
