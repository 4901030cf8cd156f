import { loadConfig } from '@lps/config';
import { createImageProvider } from '@lps/image';
import { readBody, startLoopbackServer, type LoopbackServer } from '@lps/testing';

/**
 * An OpenAI-compatible provider may answer with picture URLs on any host. The
 * image worker fetches them without the API key, through the outbound guard:
 * a URL to a private address (the metadata service, the database) is refused.
 */
let provider: LoopbackServer;
const downloads: Array<{ url?: string; auth?: string }> = [];
let pictureUrl = '';

beforeAll(async () => {
  provider = await startLoopbackServer(async (req, res) => {
    if (req.url?.startsWith('/files/')) {
      downloads.push({ url: req.url, auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'image/png' }).end('not reached');
      return;
    }
    await readBody(req);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ created: 1, data: [{ url: pictureUrl }] }));
  });
});
afterAll(async () => provider.close());

const workerProvider = (allowPrivate: '0' | '1') =>
  createImageProvider(
    loadConfig({
      ...process.env,
      LPS_AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: `${provider.url}/v1`,
      OPENAI_API_KEY: 'sk-operator-secret',
      LPS_ALLOW_PRIVATE_URLS: allowPrivate,
      LPS_AI_RETRIES: '0',
    }),
  );

const request = { body: 'A hook', idea: null, scene: null, member: { displayName: 'Ada', headline: null, companyName: null }, seed: 1 };

describe('pictures returned as URLs, fetched by the image worker', () => {
  it('refuses a URL to a private address without connecting to it', async () => {
    pictureUrl = `${provider.url}/files/internal.png`;
    await expect(workerProvider('0').generate(request)).rejects.toThrow(/could not download the returned picture/);
    expect(downloads).toEqual([]);
  });

  it('never sends the operator’s API key with the download', async () => {
    pictureUrl = `${provider.url}/files/picture.png`;
    // Private addresses allowed (development) so the loopback fake can be reached at all.
    await workerProvider('1')
      .generate(request)
      .catch(() => undefined);
    expect(downloads).toEqual([{ url: '/files/picture.png', auth: undefined }]);
  });
});
