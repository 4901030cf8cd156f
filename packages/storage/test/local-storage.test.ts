import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalFileStorage } from '@lps/storage';

let dir: string;
let storage: LocalFileStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lps-local-'));
  storage = new LocalFileStorage(dir, 'http://127.0.0.1:3000');
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('LocalFileStorage', () => {
  it('writes a stream under <data>/files and serves it at <base>/files/<key>', async () => {
    const stored = await storage.put('m/p/a.png', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'image/png');
    expect(stored).toEqual({ key: 'm/p/a.png', url: 'http://127.0.0.1:3000/files/m/p/a.png', size: 4, contentType: 'image/png' });
    expect((await storage.read('m/p/a.png')).toString()).toBe('abcd');
    expect(storage.keyFromUrl(stored.url)).toBe('m/p/a.png');
  });

  it('removes a partial file when the stream fails midway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('m/p/broken.png', failing, 'image/png')).rejects.toThrow('client went away');
    expect(await readdir(join(dir, 'files', 'm', 'p'))).not.toContain('broken.png');
  });

  it('stores what a renderer writes to the given path, and lends readers the stored file by path', async () => {
    const stored = await storage.putFromPath('m/p/rendered.png', 'image/png', (path) => writeFile(path, 'pixels'));
    expect(stored).toEqual({ key: 'm/p/rendered.png', url: 'http://127.0.0.1:3000/files/m/p/rendered.png', size: 6, contentType: 'image/png' });
    expect(await storage.withLocalPath('m/p/rendered.png', (path) => readFile(path, 'utf8'))).toBe('pixels');
  });

  it('removes what a failing renderer wrote, and refuses to lend a file that does not exist', async () => {
    const failing = async (path: string) => {
      await writeFile(path, 'half');
      throw new Error('the image cannot be decoded');
    };
    await expect(storage.putFromPath('m/p/half.png', 'image/png', failing)).rejects.toThrow('cannot be decoded');
    expect(await storage.exists('m/p/half.png')).toBe(false);
    await expect(storage.withLocalPath('m/p/none.png', async () => 'used')).rejects.toThrow(/ENOENT/);
  });

  it('deletes a folder of keys and nothing beside it; refuses anything that is not a post folder', async () => {
    for (const name of ['a.png', 'sub/b.png']) await storage.put(`m1/p1/${name}`, Buffer.from(name), 'image/png');
    await storage.put('m1/p10/keep.png', Buffer.from('keep'), 'image/png');
    expect(await storage.deletePrefix('m1/p1/')).toBe(2);
    expect(await storage.exists('m1/p1/a.png')).toBe(false);
    expect(await storage.exists('m1/p10/keep.png')).toBe(true);
    expect(await storage.deletePrefix('m1/p1/')).toBe(0);
    for (const bad of ['m1/', 'm1/p10', '../m1/p10/', '/']) await expect(storage.deletePrefix(bad)).rejects.toThrow();
  });

  it('refuses keys that could leave the store', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
  });
});
