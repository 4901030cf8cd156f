import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { loadConfig } from '@lps/config';
import { createStorage, S3FileStorage } from '@lps/storage';
import { startFakeS3 } from './fake-s3.js';

const BUCKET = 'lps-files';
let s3: Awaited<ReturnType<typeof startFakeS3>>;
let storage: S3FileStorage;

beforeAll(async () => {
  // Two keys a listing page: deleting a folder must follow the continuation tokens.
  s3 = await startFakeS3(BUCKET, { listPageSize: 2 });
  storage = new S3FileStorage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: s3.url,
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'secret',
    forcePathStyle: true,
  });
});
afterAll(async () => s3.close());

describe('S3FileStorage against an S3-compatible endpoint', () => {
  it('puts a buffer with its content type and a signed request, and returns its absolute URL', async () => {
    const stored = await storage.put('m1/p1/a.png', Buffer.from('png-bytes'), 'image/png');
    expect(stored).toEqual({ key: 'm1/p1/a.png', url: `${s3.url}/${BUCKET}/m1/p1/a.png`, size: 9, contentType: 'image/png' });
    expect(s3.objects.get('m1/p1/a.png')).toEqual({ body: Buffer.from('png-bytes'), contentType: 'image/png' });
    const put = s3.requests.find((request) => request.method === 'PUT');
    expect(put?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-east-1\/s3\/aws4_request/);
    expect(put?.contentLength).toBe('9');
  });

  it('puts a stream of unknown length with an exact Content-Length', async () => {
    const chunks = Array.from({ length: 64 }, (_, index) => Buffer.alloc(16_384, index));
    const stored = await storage.put('m1/p1/big.pdf', Readable.from(chunks), 'application/pdf');
    expect(stored.size).toBe(64 * 16_384);
    expect(s3.objects.get('m1/p1/big.pdf')?.body.equals(Buffer.concat(chunks))).toBe(true);
  });

  it('deletes a folder of keys across listing pages, and nothing outside it', async () => {
    for (const name of ['a.png', 'b.png', 'c.png', 'd/e.png', 'f.pdf']) await storage.put(`m9/p9/${name}`, Buffer.from(name), 'image/png');
    await storage.put('m9/p90/keep.png', Buffer.from('keep'), 'image/png');
    await storage.put('m9/p9', Buffer.from('not in the folder'), 'image/png');
    expect(await storage.deletePrefix('m9/p9/')).toBe(5);
    expect([...s3.objects.keys()].filter((key) => key.startsWith('m9/')).sort()).toEqual(['m9/p9', 'm9/p90/keep.png']);
    await expect(storage.deletePrefix('m9/')).rejects.toThrow(/not a folder prefix/);
    await expect(storage.deletePrefix('m9/p9')).rejects.toThrow(/not a folder prefix/);
  });

  it('reads back, reports existence, and deletes', async () => {
    await storage.put('m1/p1/b.png', Buffer.from('hello'), 'image/png');
    expect((await storage.read('m1/p1/b.png')).toString()).toBe('hello');
    expect(await storage.exists('m1/p1/b.png')).toBe(true);
    await storage.delete('m1/p1/b.png');
    expect(await storage.exists('m1/p1/b.png')).toBe(false);
    expect(s3.objects.has('m1/p1/b.png')).toBe(false);
    await expect(storage.read('m1/p1/b.png')).rejects.toThrow();
  });

  it('uploads what a renderer writes to a temporary file, and lends a downloaded copy by path, removing both after', async () => {
    const stored = await storage.putFromPath('m1/p1/rendered.png', 'image/png', (path) => writeFile(path, 'pixels'));
    expect(stored.size).toBe(6);
    expect(s3.objects.get('m1/p1/rendered.png')).toEqual({ body: Buffer.from('pixels'), contentType: 'image/png' });
    let lent = '';
    const text = await storage.withLocalPath('m1/p1/rendered.png', async (path) => {
      lent = path;
      return readFile(path, 'utf8');
    });
    expect(text).toBe('pixels');
    expect(existsSync(lent)).toBe(false);
  });

  it('sends nothing when the renderer fails', async () => {
    await expect(storage.putFromPath('m1/p1/half.png', 'image/png', async () => Promise.reject(new Error('cannot be decoded')))).rejects.toThrow('cannot be decoded');
    expect(s3.objects.has('m1/p1/half.png')).toBe(false);
  });

  it('maps its own URLs back to keys and refuses others', () => {
    expect(storage.keyFromUrl(`${s3.url}/${BUCKET}/m1/p1/a.png`)).toBe('m1/p1/a.png');
    expect(storage.keyFromUrl('https://elsewhere.example/m1/p1/a.png')).toBeUndefined();
    expect(storage.keyFromUrl(`${s3.url}/${BUCKET}/../secret`)).toBeUndefined();
  });

  it('is what LPS_STORAGE=s3 chooses, with S3_PUBLIC_URL as the URL base', () => {
    const config = loadConfig({ LPS_STORAGE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: s3.url, S3_FORCE_PATH_STYLE: '1', S3_PUBLIC_URL: 'https://cdn.example.com/files/' });
    const chosen = createStorage(config);
    expect(chosen.driver).toBe('s3');
    expect(chosen.urlFor('m/p/x.png')).toBe('https://cdn.example.com/files/m/p/x.png');
  });

  it('fails fast naming S3_BUCKET when LPS_STORAGE=s3 has no bucket', () => {
    expect(() => loadConfig({ LPS_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });
});
