import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { runCli } from '../../support/runCli.js';
import { newDataDir } from '../../support/testServer.js';

describe('a projection that cannot go on stops the process', () => {
  it('forgelog serve exits with 70 and says why when a lane gives up after repeated failures', async () => {
    const dataDir = await newDataDir();
    try {
      // A poisoned log: an event its projection cannot apply (no data at all).
      const store = await EmbeddedEventStore.open(join(dataDir, 'events'));
      const metadata = { schemaVersion: 1, actorId: null, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() };
      await store.append('user-999', [{ id: randomUUID(), type: 'UserCreated', data: null, metadata }], 'no_stream');
      await store.close();
      const result = await runCli(['serve'], {
        FORGELOG_DATA_DIR: dataDir,
        FORGELOG_PORT: '0',
        FORGELOG_HOST: '127.0.0.1',
        FORGELOG_PROJECTION_RETRY_MS: '2',
        FORGELOG_ADMIN_PASSWORD: 'a long enough password',
      });
      expect(result.code).to.equal(70);
      expect(result.stdout + result.stderr).to.contain('projection lane gave up after repeated failures without progress');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
