import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGuardedClient, createGuardedRequestSender, isPrivateAddressRefusal } from '@lps/outbound';
import { startLoopbackServer, type LoopbackServer } from '@lps/testing';

// Real servers on loopback: a refusal must come from the guard, not from nothing listening.
let v4: LoopbackServer;
let v6: Server;
let v6Port: number;
let hits = 0;
beforeAll(async () => {
  v4 = await startLoopbackServer((_req, res) => {
    hits += 1;
    res.end('reached');
  });
  v6 = createServer((_req, res) => {
    hits += 1;
    res.end('reached');
  });
  await new Promise<void>((resolve) => v6.listen(0, '::1', resolve));
  v6Port = (v6.address() as AddressInfo).port;
});
afterAll(async () => {
  await v4.close();
  await new Promise((resolve) => v6.close(resolve));
});

const guarded = createGuardedClient({ allowPrivate: false, timeoutMs: 5_000, maxRedirects: 0 });
const sendGuarded = createGuardedRequestSender({ allowPrivate: false, timeoutMs: 5_000, maxBodyBytes: 300 });

async function refusal(url: string, send: (target: string) => Promise<unknown> = (target) => guarded.post(target, { body: '{}' })): Promise<unknown> {
  try {
    await send(url);
  } catch (error) {
    return error;
  }
  throw new Error(`${url} was not refused`);
}

describe('the guarded client refuses private targets at connect time', () => {
  const cases: [string, () => string][] = [
    ['127.0.0.1', () => `http://127.0.0.1:${v4.port}/hook`],
    ['localhost (a hostname resolving to loopback)', () => `http://localhost:${v4.port}/hook`],
    ['[::1]', () => `http://[::1]:${v6Port}/hook`],
    ['::ffff:127.0.0.1 (IPv4-mapped)', () => `http://[::ffff:127.0.0.1]:${v4.port}/hook`],
    ['10.0.0.1', () => 'http://10.0.0.1/hook'],
    ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['2130706433 (127.0.0.1 as a decimal host)', () => `http://2130706433:${v4.port}/hook`],
    ['0x7f.1 (127.0.0.1 in hex shorthand)', () => `http://0x7f.1:${v4.port}/hook`],
  ];

  it.each(cases)('%s', async (_label, url) => {
    const before = hits;
    const error = await refusal(url());
    expect(isPrivateAddressRefusal(error)).toBe(true);
    expect(hits).toBe(before);
  });

  it.each(cases)('%s, by the plain guarded POST too', async (_label, url) => {
    const before = hits;
    const error = await refusal(url(), (target) => sendGuarded(target, '{}', {}));
    expect(isPrivateAddressRefusal(error)).toBe(true);
    expect(hits).toBe(before);
  });

  it('does not mistake an ordinary network error for a refusal', async () => {
    const open = createGuardedClient({ allowPrivate: true, timeoutMs: 5_000, maxRedirects: 0 });
    const closed = await startLoopbackServer(() => undefined);
    await closed.close();
    const error = await open.post(`${closed.url}/hook`).catch((caught: unknown) => caught);
    expect(isPrivateAddressRefusal(error)).toBe(false);
  });

  it('reaches loopback when private addresses are allowed (LPS_ALLOW_PRIVATE_URLS=1)', async () => {
    const open = createGuardedClient({ allowPrivate: true, timeoutMs: 5_000, maxRedirects: 0 });
    const response = await open.post(`http://localhost:${v4.port}/hook`, { body: '{}' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('reached');
  });

  it('does not follow redirects when maxRedirects is 0', async () => {
    const target = await startLoopbackServer((_req, res) => {
      res.end('target');
    });
    const redirecting = await startLoopbackServer((_req, res) => {
      res.writeHead(302, { location: `${target.url}/moved` });
      res.end();
    });
    const open = createGuardedClient({ allowPrivate: true, timeoutMs: 5_000, maxRedirects: 0 });
    const response = await open.post(`${redirecting.url}/hook`, { body: '{}' });
    expect(response.statusCode).toBe(302);
    await Promise.all([target.close(), redirecting.close()]);
  });
});

describe('the plain guarded POST', () => {
  const open = createGuardedRequestSender({ allowPrivate: true, timeoutMs: 300, maxBodyBytes: 10 });

  it('sends the body with its length, answers the status, and reads no more of the answer than asked', async () => {
    const receiver = await startLoopbackServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      res.end(`${req.headers['content-length']} ${Buffer.concat(chunks).toString()} and much more`);
    });
    const answer = await open(`${receiver.url}/hook`, '{"é":1}', { 'content-type': 'application/json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('8 {"é":1}');
    await receiver.close();
  });

  it('does not follow a redirect', async () => {
    const redirecting = await startLoopbackServer((_req, res) => {
      res.writeHead(302, { location: 'http://example.com/' });
      res.end();
    });
    const answer = await open(`${redirecting.url}/hook`, '{}', {});
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('http://example.com/');
    await redirecting.close();
  });

  it('gives up on a receiver that does not answer within the time-out', async () => {
    const silent = await startLoopbackServer(() => undefined);
    const error = await open(`${silent.url}/hook`, '{}', {}).catch((caught: unknown) => caught);
    expect((error as { code?: string }).code).toBe('ETIMEDOUT');
    expect(isPrivateAddressRefusal(error)).toBe(false);
    await silent.close();
  });
});
