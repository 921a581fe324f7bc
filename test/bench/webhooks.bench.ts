import { request } from 'node:http';
import type { BenchRow } from './benchRow.js';
import { startTestServer } from '../support/testServer.js';
import { api, createRepository, createUser } from '../interfaces/http/repositories/repositoryFixtures.js';
import { eventually, WebhookReceiver } from '../interfaces/http/webhooks/webhookReceiver.js';

// What a bare client does for the same deliveries: POSTs of the same bodies to the same
// receiver, as many in flight as forgelog's transport allows (eight).
async function barePosts(url: string, bodies: readonly string[], concurrency = 8): Promise<number> {
  const target = new URL(url);
  const started = performance.now();
  let next = 0;
  const post = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const outgoing = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (incoming) => {
          incoming.resume();
          incoming.on('end', resolve);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) await post(bodies[next++]!);
    }),
  );
  return (performance.now() - started) / 1000;
}

// Deliveries per second from the log to a receiver on this machine (issues opened through the
// API, each delivered signed), and one event fanned out to 100 hooks; each beside a bare client
// posting the same bodies to the same receiver.
export async function benchWebhooks(events = Number(process.env.FORGELOG_BENCH_WEBHOOK_EVENTS ?? 300)): Promise<BenchRow[]> {
  const receiver = await new WebhookReceiver().start();
  const server = await startTestServer({ FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', FORGELOG_PROCESS_TICK_MS: '10' });
  try {
    const owner = await createUser(server, 'bench');
    await createRepository(server, owner, { name: 'hooked' });
    const hook = await api(server, owner, 'POST', '/repos/bench/hooked/hooks', {
      config: { url: receiver.url, content_type: 'json', secret: 's' },
      events: ['issues'],
    });
    if (hook.status !== 201) throw new Error('could not create the hook');
    await eventually(
      () => receiver.of('ping').length,
      (count) => count === 1,
    );

    // Deliveries per second: the issues are opened first, then their deliveries timed.
    const before = receiver.of('issues').length;
    const started = performance.now();
    // Sixteen clients opening issues, as the scale bench does.
    let opened = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (opened < events) await api(server, owner, 'POST', '/repos/bench/hooked/issues', { title: `Issue ${opened++}` });
      }),
    );
    await eventually(
      () => receiver.of('issues').length - before,
      (count) => count >= events,
      600_000,
    );
    const deliverySeconds = (performance.now() - started) / 1000;
    const deliveredBodies = receiver
      .of('issues')
      .slice(before)
      .map((delivery) => delivery.body);
    // One hook's deliveries leave in order, one at a time: so do the bare client's.
    const bareSeconds = await barePosts(receiver.url, deliveredBodies, 1);

    // One event, 100 hooks.
    for (let n = 0; n < 99; n++) {
      // A URL each: a repository keeps one hook per URL, as GitHub does.
      const more = await api(server, owner, 'POST', '/repos/bench/hooked/hooks', {
        config: { url: `${receiver.url}/${n}`, content_type: 'json' },
        events: ['issues'],
      });
      if (more.status !== 201) throw new Error('could not create a hook');
    }
    await eventually(
      () => receiver.of('ping').length,
      (count) => count === 100,
      60_000,
    );
    const beforeFanOut = receiver.of('issues').length;
    const fanOutStarted = performance.now();
    await api(server, owner, 'POST', '/repos/bench/hooked/issues', { title: 'Heard by a hundred hooks' });
    await eventually(
      () => receiver.of('issues').length - beforeFanOut,
      (count) => count >= 100,
      120_000,
    );
    const fanOutSeconds = (performance.now() - fanOutStarted) / 1000;
    const fanOutBodies = receiver
      .of('issues')
      .slice(beforeFanOut)
      .map((delivery) => delivery.body);
    const bareFanOutSeconds = await barePosts(receiver.url, fanOutBodies);

    return [
      {
        name: `webhook deliveries to one hook, ${events} issues opened by 16 clients (first request to last delivery)`,
        value: events / deliverySeconds,
        unit: 'deliveries/s',
        baselineName: 'bare node:http POSTs of the same bodies, one at a time',
        baseline: events / bareSeconds,
        ratio: bareSeconds / deliverySeconds,
      },
      {
        name: 'one event fanned out to 100 hooks',
        value: 100 / fanOutSeconds,
        unit: 'deliveries/s',
        baselineName: 'bare node:http POSTs of the same bodies, 8 in flight',
        baseline: 100 / bareFanOutSeconds,
        ratio: bareFanOutSeconds / fanOutSeconds,
      },
    ];
  } finally {
    await server.close();
    await receiver.close();
  }
}
