import express, { type Request, type Response } from 'express';
import { JSON_LIMITS, jsonShapeProblem } from './json-shape.js';

/**
 * Why a JSON body could not be read. Each entry renders it in its own envelope:
 * the REST routes as 422 validation_error (the spec's answer for a body it
 * cannot read), /mcp as a JSON-RPC error with 400, 413 or 415.
 */
export type JsonBodyProblem =
  | { kind: 'too-large'; reason: string }
  | { kind: 'media-type'; field: 'content-type' | 'content-encoding'; reason: string }
  | { kind: 'unparseable'; reason: string }
  | { kind: 'too-complex'; reason: string };

const TOO_COMPLEX = 'entity.too.complex';

const parser = express.json({
  limit: JSON_LIMITS.bytes,
  strict: true,
  // The caller has checked the content type: every body that reaches here is read as JSON.
  type: () => true,
  // Runs on the raw bytes before JSON.parse: a body beyond the limits never becomes objects.
  verify: (_req, _res, bytes) => {
    const problem = jsonShapeProblem(bytes);
    if (problem) throw Object.assign(new Error(problem), { type: TOO_COMPLEX });
  },
});

export const isJsonType = (contentType: string | undefined): boolean => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');

export const hasBody = (req: Request): boolean => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** The charset parameter of the content type, lower case, when there is one. */
const charsetOf = (contentType: string | undefined): string | undefined => /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase();

const MEGABYTES = `${JSON_LIMITS.bytes / 1024 / 1024} MB`;

function classify(error: { type?: string; message?: string }, req: Request): JsonBodyProblem {
  switch (error.type) {
    case 'entity.too.large':
      return { kind: 'too-large', reason: `larger than ${MEGABYTES}` };
    case TOO_COMPLEX:
      return { kind: 'too-complex', reason: error.message ?? 'too complex' };
    case 'encoding.unsupported':
      return { kind: 'media-type', field: 'content-encoding', reason: `${req.headers['content-encoding']} is not supported (send gzip, deflate, br or none)` };
    case 'charset.unsupported':
      return { kind: 'media-type', field: 'content-type', reason: 'JSON must be UTF-8' };
    case 'entity.parse.failed':
      return { kind: 'unparseable', reason: `not valid JSON (${error.message ?? 'parse error'})` };
    case 'request.size.invalid':
      return { kind: 'unparseable', reason: 'the body is not as long as its Content-Length says' };
    default:
      // A compressed body that does not decompress (zlib's own errors carry no type), or a stream that broke off.
      return {
        kind: 'unparseable',
        reason: req.headers['content-encoding'] ? `the body could not be decoded as ${req.headers['content-encoding']}` : `the body could not be read (${error.message ?? 'unknown error'})`,
      };
  }
}

/**
 * Reads and parses a JSON request body into `req.body`, within JSON_LIMITS:
 * UTF-8 only (RFC 8259 §8.1; MCP requires it too), at most 1 MB after
 * decompression, and within the depth and entry limits, checked on the bytes
 * before parsing. A Content-Length over the limit is refused without reading
 * anything. Answers the problem, or undefined when `req.body` holds the value.
 */
export function readJsonBody(req: Request, res: Response): Promise<JsonBodyProblem | undefined> {
  const charset = charsetOf(req.header('content-type'));
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return Promise.resolve({ kind: 'media-type', field: 'content-type', reason: `charset ${JSON.stringify(charset)} is not supported: JSON must be UTF-8` });
  }
  if (Number(req.headers['content-length']) > JSON_LIMITS.bytes) return Promise.resolve({ kind: 'too-large', reason: `larger than ${MEGABYTES}` });
  return new Promise((resolve) => {
    parser(req, res, (error?: unknown) => resolve(error ? classify(error as { type?: string; message?: string }, req) : undefined));
  });
}
