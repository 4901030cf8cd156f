import sharp from 'sharp';
import { ProviderUnavailableError } from '@lps/ai';
import { OpenAiImageProvider } from '@lps/ai/image';
import { readBody, startLoopbackServer, type LoopbackServer } from '@lps/testing';

const request = {
  body: 'We cut our deploy time in half.\n\nHere is how.',
  idea: null,
  scene: 'a calm harbour at dawn',
  member: { displayName: 'Ada', headline: null, companyName: null },
  seed: 1,
};
const picture = () =>
  sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

let server: LoopbackServer;
let calls: Array<{ path: string; auth?: string; body: Record<string, unknown> }>;
let mode: 'b64' | 'url' | 'huge' | 'fail';
let downloads: Array<{ auth?: string }>;

beforeAll(async () => {
  server = await startLoopbackServer(async (req, res) => {
    if (req.url === '/files/pic.png') {
      downloads.push({ auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(await picture());
      return;
    }
    if (req.url === '/files/endless.png') {
      downloads.push({ auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const timer = setInterval(() => res.write(chunk), 1);
      res.on('close', () => clearInterval(timer));
      return;
    }
    const body = JSON.parse((await readBody(req)).toString() || '{}') as Record<string, unknown>;
    calls.push({ path: req.url ?? '', auth: req.headers.authorization, body });
    if (mode === 'fail') {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"overloaded"}}');
      return;
    }
    const entry = mode === 'b64' ? { b64_json: (await picture()).toString('base64') } : { url: `${server.url}/files/${mode === 'huge' ? 'endless' : 'pic'}.png` };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ created: 1, data: [entry] }));
  });
});
beforeEach(() => {
  calls = [];
  downloads = [];
});
afterAll(async () => server.close());

const provider = () => new OpenAiImageProvider({ baseUrl: `${server.url}/v1`, apiKey: 'sk-test', model: 'gpt-image-1', timeoutSeconds: 5, retries: 1, count: 1 });

describe('OpenAiImageProvider against an OpenAI-compatible endpoint', () => {
  it.each(['b64', 'url'] as const)('turns a %s answer into square and landscape PNG candidates', async (answer) => {
    mode = answer;
    const candidates = await provider().generate(request);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: '/v1/images/generations', auth: 'Bearer sk-test', body: { model: 'gpt-image-1', n: 1 } });
    expect(String(calls[0]?.body.prompt)).toContain('deploy time in half');
    expect(String(calls[0]?.body.prompt)).toContain('calm harbour');
    expect(candidates.map((candidate) => [candidate.width, candidate.height])).toEqual([
      [1200, 1200],
      [1200, 627],
    ]);
    for (const candidate of candidates) {
      const meta = await sharp(candidate.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', candidate.width, candidate.height]);
    }
  });

  it('downloads a returned URL without the API key: the URL may name any host', async () => {
    mode = 'url';
    await provider().generate(request);
    expect(calls[0]?.auth).toBe('Bearer sk-test');
    expect(downloads).toEqual([{ auth: undefined }]);
  });

  it('stops downloading a returned picture past 20 MB and reports the provider as unavailable', async () => {
    mode = 'huge';
    await expect(provider().generate(request)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(downloads).toHaveLength(1);
  });

  it('retries a 503 and then reports the provider as unavailable', async () => {
    mode = 'fail';
    await expect(provider().generate(request)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(calls).toHaveLength(2);
  });
});
