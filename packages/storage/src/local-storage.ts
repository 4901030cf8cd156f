import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertFolderPrefix, assertSafeKey, keyUnder, type FileStorage, type StoredFile } from './file-storage.js';

/** URL path under which the API serves local files. */
export const LOCAL_FILES_PATH = '/files';

/** Files on the local disk under the data directory, served by the API at `<public base>/files/<key>`. */
export class LocalFileStorage implements FileStorage {
  readonly driver = 'local' as const;
  readonly root: string;

  constructor(
    dataDir: string,
    private readonly publicBaseUrl: string,
  ) {
    this.root = resolve(dataDir, 'files');
  }

  pathFor(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile> {
    const path = this.pathFor(key);
    await mkdir(dirname(path), { recursive: true });
    const file = createWriteStream(path);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, file);
    } catch (error) {
      // A source that fails at once can reject the pipeline while the file's open is still
      // in flight: removing it before the stream lets go would leave an empty file behind.
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
      await rm(path, { force: true });
      throw error;
    }
    const { size } = await stat(path);
    return { key, url: this.urlFor(key), size, contentType };
  }

  async putFromPath(key: string, contentType: string, write: (path: string) => Promise<void>): Promise<StoredFile> {
    const path = this.pathFor(key);
    await mkdir(dirname(path), { recursive: true });
    try {
      await write(path);
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    const { size } = await stat(path);
    return { key, url: this.urlFor(key), size, contentType };
  }

  async open(key: string): Promise<Readable> {
    await stat(this.pathFor(key));
    return createReadStream(this.pathFor(key));
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathFor(key));
  }

  async withLocalPath<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    const path = this.pathFor(key);
    await stat(path);
    return use(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertFolderPrefix(prefix);
    const folder = this.pathFor(prefix.replace(/\/$/, ''));
    const files = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    await rm(folder, { recursive: true, force: true });
    return files.filter((entry) => entry.isFile()).length;
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathFor(key)).then(
      () => true,
      () => false,
    );
  }

  urlFor(key: string): string {
    assertSafeKey(key);
    return `${this.publicBaseUrl}${LOCAL_FILES_PATH}/${key}`;
  }

  keyFromUrl(url: string): string | undefined {
    return keyUnder(url, `${this.publicBaseUrl}${LOCAL_FILES_PATH}`);
  }
}
