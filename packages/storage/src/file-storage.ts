import type { Readable } from 'node:stream';

export interface StoredFile {
  key: string;
  /** Absolute URL the file is served at. */
  url: string;
  size: number;
  contentType: string;
}

/** Where generated and uploaded files live. Keys look like `<member-id>/<post-id>/<name>.png`. */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Stores a file; a stream is written as it arrives, never held whole in memory. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile>;
  /**
   * Stores a file that `write` produces at a local path (a renderer writing
   * straight to disk); a partial file is removed when `write` fails.
   */
  putFromPath(key: string, contentType: string, write: (path: string) => Promise<void>): Promise<StoredFile>;
  open(key: string): Promise<Readable>;
  read(key: string): Promise<Buffer>;
  /** Lends `use` a local path holding the file, for readers that take a path (a copy on disk when remote). */
  withLocalPath<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
  delete(key: string): Promise<void>;
  /** Deletes every file whose key starts with `prefix` (a folder: `member/post/`); returns how many went. */
  deletePrefix(prefix: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  urlFor(key: string): string;
  /** The key behind one of our own URLs, or undefined for any other URL. */
  keyFromUrl(url: string): string | undefined;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** A folder of keys (`member/post/`): at least two safe segments and a slash, so no call can empty the store. */
export function assertFolderPrefix(prefix: string): void {
  if (!prefix.endsWith('/') || prefix.split('/').filter(Boolean).length < 2) throw new Error(`not a folder prefix: ${prefix}`);
  assertSafeKey(prefix.slice(0, -1));
}

/** Keys come from our own ids and names; refuse anything that could climb out of the store. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

/** The key behind `url` when it lies under `base` (our own URLs only), else undefined. */
export function keyUnder(url: string, base: string): string | undefined {
  const prefix = `${base}/`;
  if (!url.startsWith(prefix)) return undefined;
  const key = url.slice(prefix.length);
  try {
    assertSafeKey(key);
    return key;
  } catch {
    return undefined;
  }
}
