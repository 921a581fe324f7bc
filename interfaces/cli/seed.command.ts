import { DEMO_PASSWORD, seedDemoData } from '../../application/shared/seed/seedDemoData.js';
import type { Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime, type Runtime } from '../../infrastructure/shared/container/runtime.js';
import { createLogger } from '../../infrastructure/shared/logging/logger.js';

export async function seedInto(runtime: Runtime): Promise<string> {
  const outcome = await seedDemoData(runtime.container);
  if (!outcome.seeded) return `Not seeded: ${outcome.reason}.`;
  const seeded = `Seeded the demo data: users ${outcome.logins.join(', ')} (password "${DEMO_PASSWORD}"), organization acme, repositories octocat/hello-world, acme/docs, acme/platform (private), hubot/hello-world (a fork).`;
  return outcome.skipped.length === 0 ? seeded : `${seeded}\nSkipped what was there already:\n${outcome.skipped.map((line) => `  - ${line}`).join('\n')}`;
}

// `forgelog seed`: with the embedded family the server must be stopped (the log's lock);
// `npm start -- --seed` seeds the serving process instead.
export async function seed(config: Config): Promise<void> {
  // Logs to stderr: stdout holds the report alone.
  const runtime = await openRuntime(config, { role: 'serve', withWorker: true, logger: createLogger(config.logLevel, 2) });
  try {
    await runtime.start();
    console.log(await seedInto(runtime));
  } finally {
    await runtime.close();
  }
}
