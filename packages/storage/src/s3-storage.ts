import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertFolderPrefix, assertSafeKey, keyUnder, type FileStorage, type StoredFile } from './file-storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (MinIO, R2, …); AWS when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Where the bucket is readable by the public (CDN, public bucket URL); derived from the endpoint when absent. */
  publicUrl?: string;
}

const isNotFound = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NotFound' || failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404;
};

/** A temporary file on local disk for the length of `use`: the disk, not memory, holds the bytes. */
async function withSpool<T>(use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'lps-s3-'));
  try {
    return await use(join(dir, 'spool'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** Files in an S3-compatible bucket (LPS_STORAGE=s3). */
export class S3FileStorage implements FileStorage {
  readonly driver = 's3' as const;
  private connection: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  private readonly publicBase: string;

  constructor(private readonly options: S3StorageOptions) {
    this.publicBase = (options.publicUrl ?? this.defaultPublicBase()).replace(/\/+$/, '');
  }

  /**
   * The AWS SDK (~20 MB of RSS) is imported on the first bucket operation:
   * the package is loaded by every service, most of which run on local disk.
   */
  private connect(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    const { options } = this;
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
        // Plain PUTs with Content-Length: what MinIO, R2 and older gateways all accept (no aws-chunked trailers).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.connection;
  }

  private defaultPublicBase(): string {
    const { bucket, endpoint, region, forcePathStyle } = this.options;
    if (!endpoint) return `https://${bucket}.s3.${region}.amazonaws.com`;
    const url = new URL(endpoint);
    return forcePathStyle ? `${url.origin}/${bucket}` : `${url.protocol}//${bucket}.${url.host}`;
  }

  /**
   * A stream of unknown length is spooled to a temporary file first: S3 needs
   * the length up front, and the disk (not memory) holds the bytes meanwhile.
   */
  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile> {
    assertSafeKey(key);
    if (Buffer.isBuffer(body)) return this.send(key, body, body.length, contentType);
    return this.putFromPath(key, contentType, (spool) => pipeline(body, createWriteStream(spool)));
  }

  /** `write` fills a temporary file, which is then sent with its length and removed. */
  async putFromPath(key: string, contentType: string, write: (path: string) => Promise<void>): Promise<StoredFile> {
    assertSafeKey(key);
    return withSpool(async (spool) => {
      await write(spool);
      const { size } = await stat(spool);
      return this.send(key, createReadStream(spool), size, contentType);
    });
  }

  /** Downloads the object to a temporary file for the length of `use`. */
  async withLocalPath<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    return withSpool(async (spool) => {
      await pipeline(await this.open(key), createWriteStream(spool));
      return use(spool);
    });
  }

  private async send(key: string, body: Buffer | Readable, size: number, contentType: string): Promise<StoredFile> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentLength: size, ContentType: contentType }));
    return { key, url: this.urlFor(key), size, contentType };
  }

  async open(key: string): Promise<Readable> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    const result = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
    if (!(result.Body instanceof Readable)) throw new Error(`no body for ${key}`);
    return result.Body;
  }

  async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.open(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertFolderPrefix(prefix);
    const { sdk, client } = await this.connect();
    let deleted = 0;
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        // One by one: DeleteObjects needs Content-MD5, which some S3-compatible stores handle differently.
        await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: object.Key }));
        deleted += 1;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  urlFor(key: string): string {
    assertSafeKey(key);
    return `${this.publicBase}/${key}`;
  }

  keyFromUrl(url: string): string | undefined {
    return keyUnder(url, this.publicBase);
  }
}
