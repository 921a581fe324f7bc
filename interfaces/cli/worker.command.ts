import type { Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../infrastructure/shared/container/runtime.js';
import { exitOnFatal } from './serve.command.js';
import { servedWebhookPayloads } from '../http/webhooks/webhookPayloads.js';

export async function worker(config: Config): Promise<void> {
  if (!config.mongodbUrl) {
    throw new Error(
      'forgelog worker runs projections into MongoDB (FORGELOG_MONGODB_URL); with the embedded read models, `forgelog serve` runs them in process',
    );
  }
  // Deliveries from a worker name the configured base URL (FORGELOG_BASE_URL) in their payloads.
  const runtime = await openRuntime(config, { role: 'worker', onFatal: exitOnFatal, webhookPayloads: servedWebhookPayloads(config.baseUrl).payloads });
  await runtime.start();
  runtime.logger.info({ position: runtime.runner.processedPosition }, 'projection worker caught up and following the log');
  const shutdown = async () => {
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
