import { Writable } from 'node:stream';
import winston from 'winston';
import { createLogger } from '@lps/logger';

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
    // A request's logger: a child with its ids, then one more id once the caller is known.
    const request = logger.child({ request_id: 'req-1' }).child({ member_id: 'm-1', token: 'secret-token' });
    request.info('called with Bearer abcdefghijklmnop', { api_key: 'lps_x', count: 2 });
    logger.info('outside any request');
    await flush();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        service: 'test',
        request_id: 'req-1',
        member_id: 'm-1',
        token: '[redacted]',
        message: 'called with Bearer [redacted]',
        api_key: '[redacted]',
        count: 2,
      }),
      expect.not.objectContaining({ request_id: expect.anything() }),
    ]);
  });

  it('hides credential query parameters of any URL in a message (an OAuth callback that failed), whatever their case', async () => {
    const logger = createLogger({ service: 'test', level: 'info' });
    const lines = capture(logger);
    logger.error('GET /oauth/linkedin/callback?code=AQT-secret&state=s1.sig failed unexpectedly');
    logger.warn('GET /cb?State=x&error=user_cancelled&CODE=y answered 400');
    logger.warn('GET /api/v1/posts?status=draft_saved&limit=20&access_token=t answered 401');
    await flush();
    expect(lines.map((line) => line.message)).toEqual([
      'GET /oauth/linkedin/callback?code=[redacted]&state=[redacted] failed unexpectedly',
      'GET /cb?State=[redacted]&error=user_cancelled&CODE=[redacted] answered 400',
      'GET /api/v1/posts?status=draft_saved&limit=20&access_token=[redacted] answered 401',
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
