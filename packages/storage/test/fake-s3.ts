import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startLoopbackServer } from '@lps/testing';

export interface FakeObject {
  body: Buffer;
  contentType: string;
}

const notFound = (res: ServerResponse, method: string, key: string) => {
  res.writeHead(404, { 'content-type': 'application/xml' });
  // HEAD answers carry no body on the real service either.
  res.end(method === 'HEAD' ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`);
};

/**
 * A path-style S3 endpoint on loopback speaking the wire format of PutObject,
 * GetObject, HeadObject and DeleteObject; it records every request's method,
 * path and Authorization header so tests can check the SigV4 signing too.
 */
export async function startFakeS3(bucket: string) {
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
