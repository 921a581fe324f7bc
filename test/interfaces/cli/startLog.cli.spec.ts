import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { newDataDir } from '../../support/testServer.js';
import { startServingProcess } from '../../support/servingProcess.js';

function startLine(output: string): { msg: string; resumedFrom: string; replayedEvents: number; ms: number } {
  const line = output.split('\n').find((candidate) => candidate.includes('"resumedFrom"'));
  expect(line, output).to.be.a('string');
  return JSON.parse(line!);
}

describe('a start says how the read models resumed, and how long it took', () => {
  it('replays the log on a first start, resumes from the snapshot after a clean stop', async () => {
    const dataDir = await newDataDir();
    const env = { FORGELOG_DATA_DIR: dataDir, FORGELOG_ADMIN_PASSWORD: 'a long enough password' };
    try {
      const first = await startServingProcess(env);
      const created = await fetch(`${first.url}/admin/users`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('admin:a long enough password').toString('base64')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'ada', email: null }),
      });
      expect(created.status).to.equal(201);
      expect(startLine(first.output())).to.deep.include({ msg: 'read models caught up with the log', resumedFrom: 'log' });
      expect(await first.stop()).to.equal(0);
      const second = await startServingProcess(env);
      const resumed = startLine(second.output());
      expect(resumed).to.deep.include({ msg: 'read models resumed from the snapshot and caught up', resumedFrom: 'snapshot', replayedEvents: 0 });
      expect(resumed.ms).to.be.a('number');
      expect(await second.stop()).to.equal(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
