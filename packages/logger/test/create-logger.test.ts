import { Writable } from 'node:stream';
import winston from 'winston';
import { createLogger, runWithLogContext } from '@lps/logger';

/** Captures what the logger writes, one parsed JSON line per entry. */
function capture(logger: winston.Logger): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  logger.clear().add(new winston.transports.Stream({ stream }));
  return lines;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('createLogger', () => {
  it('writes lines at or above its level with context and secrets redacted', async () => {
    const logger = createLogger({ service: 'test', level: 'info' });
    const lines = capture(logger);
    runWithLogContext({ request_id: 'req-1' }, () => logger.info('called with Bearer abcdefghijklmnop', { api_key: 'lps_x', count: 2 }));
    await flush();
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', service: 'test', request_id: 'req-1', message: 'called with Bearer [redacted]', api_key: '[redacted]', count: 2 }),
    ]);
  });

  it('drops lines below its level before formatting them, and follows a level changed at run time', async () => {
    const logger = createLogger({ service: 'test', level: 'info' });
    const lines = capture(logger);
    logger.debug('not shown');
    await flush();
    expect(lines).toEqual([]);
    logger.level = 'debug';
    logger.debug('shown');
    await flush();
    expect(lines.map((line) => line.message)).toEqual(['shown']);
  });
});
