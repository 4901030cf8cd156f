import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startLoopbackServer } from '@lps/testing';

export interface FakeObject {
  body: Buffer;
  contentType: string;
}

const notFound = (res: ServerResponse, method: string, key: string) => {
  res.writeHead(404, { 'content-type': 'application/xml' });
  // HEAD answers carry no body on the real service either.
  res.end(
    method === 'HEAD'
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`,
  );
};

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * ListObjectsV2 (GET /bucket?list-type=2): keys in UTF-8 order under `prefix`,
 * at most `pageSize` a page (S3 may return fewer keys than asked; a client must
 * follow IsTruncated and NextContinuationToken, which is opaque).
 */
function listPage(res: ServerResponse, bucket: string, objects: Map<string, FakeObject>, url: URL, pageSize: number): void {
  const prefix = url.searchParams.get('prefix') ?? '';
  const after = url.searchParams.get('continuation-token') ? Buffer.from(url.searchParams.get('continuation-token') as string, 'base64url').toString() : '';
  const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, Math.min(pageSize, Number(url.searchParams.get('max-keys') ?? 1000)));
  const truncated = keys.length > page.length;
  const contents = page
    .map(
      (key) =>
        `<Contents><Key>${xmlEscape(key)}</Key><LastModified>2026-11-24T00:00:00.000Z</LastModified><ETag>&quot;fake-etag&quot;</ETag><Size>${objects.get(key)?.body.length ?? 0}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  const next = truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1) as string).toString('base64url')}</NextContinuationToken>` : '';
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
      `<KeyCount>${page.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>${truncated}</IsTruncated>${next}${contents}</ListBucketResult>`,
  );
}

/**
 * A path-style S3 endpoint on loopback speaking the wire format of PutObject,
 * GetObject, HeadObject, DeleteObject and ListObjectsV2; it records every
 * request's method, path and Authorization header so tests can check the SigV4 signing too.
 */
export async function startFakeS3(bucket: string, options: { listPageSize?: number } = {}) {
  const objects = new Map<string, FakeObject>();
  const requests: Array<{ method: string; path: string; authorization: string | undefined; contentLength: string | undefined }> = [];
  const server = await startLoopbackServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, contentLength: req.headers['content-length'] });
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucketName !== bucket) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end('<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }
    if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') return listPage(res, bucket, objects, url, options.listPageSize ?? 1000);
    const stored = objects.get(key);
    switch (req.method) {
      case 'PUT': {
        const body = await readBody(req);
        objects.set(key, { body, contentType: req.headers['content-type'] ?? 'application/octet-stream' });
        res.writeHead(200, { etag: '"fake-etag"' });
        res.end();
        return;
      }
      case 'GET':
      case 'HEAD':
        if (!stored) return notFound(res, req.method, key);
        res.writeHead(200, { 'content-type': stored.contentType, 'content-length': String(stored.body.length), etag: '"fake-etag"' });
        res.end(req.method === 'GET' ? stored.body : undefined);
        return;
      case 'DELETE':
        objects.delete(key);
        res.writeHead(204);
        res.end();
        return;
      default:
        res.writeHead(405);
        res.end();
    }
  });
  return { ...server, objects, requests };
}
