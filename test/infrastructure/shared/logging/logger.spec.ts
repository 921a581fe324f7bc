import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createLogger, flushLogger } from '../../../../infrastructure/shared/logging/logger.js';

describe('createLogger', () => {
  let directory: string;
  beforeEach(async () => (directory = await mkdtemp(join(tmpdir(), 'forgelog-logger-'))));
  afterEach(() => rm(directory, { recursive: true, force: true }));

  const linesOf = async (file: string) =>
    (await readFile(file, 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { msg: string; n?: number });

  it('writes lines in chunks, in the order they were logged, and flushes what is left', async () => {
    const file = join(directory, 'log.ndjson');
    const logger = createLogger('info', file);
    // The request log writes its own lines to the logger's stream, between pino's.
    const stream = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym]!;
    // Enough for more than one chunk (64 KiB) of lines.
    for (let n = 0; n < 1000; n++) {
      logger.info({ n }, 'pino line');
      stream.write(`${JSON.stringify({ msg: 'direct line', n })}\n`);
    }
    const beforeFlush = await linesOf(file);
    expect(beforeFlush.length).to.be.greaterThan(0).and.lessThan(2000);
    flushLogger(logger);
    const lines = await linesOf(file);
    expect(lines).to.have.length(2000);
    lines.forEach((line, index) => {
      expect(line.n).to.equal(Math.floor(index / 2));
      expect(line.msg).to.equal(index % 2 === 0 ? 'pino line' : 'direct line');
    });
  });

  it('holds back a lone line until a flush', async () => {
    const file = join(directory, 'quiet.ndjson');
    const logger = createLogger('info', file);
    logger.warn('quiet');
    expect(await readFile(file, 'utf8')).to.equal('');
    flushLogger(logger);
    expect((await linesOf(file)).map((line) => line.msg)).to.deep.equal(['quiet']);
  });

  it('keeps order and every byte of multi-byte lines, and of a line longer than a chunk', async () => {
    const file = join(directory, 'wide.ndjson');
    const logger = createLogger('info', file);
    const texts = ['héllo wörld ✓ 😀', 'é'.repeat(50_000), '😀'.repeat(40_000), 'plain'];
    for (let n = 0; n < 60; n++) logger.info({ n }, texts[n % texts.length]!);
    flushLogger(logger);
    const lines = await linesOf(file);
    expect(lines.map((line) => line.n)).to.deep.equal([...Array(60).keys()]);
    lines.forEach((line, n) => expect(line.msg).to.equal(texts[n % texts.length]));
  });
});
