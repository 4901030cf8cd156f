import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, type BrotliDecompress, type Gunzip, type Inflate } from 'node:zlib';
import type { Request } from 'express';
import { JSON_LIMITS, JsonShapeScanner } from './json-shape.js';

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

const DECODERS: Record<string, () => Gunzip | Inflate | BrotliDecompress> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

export const isJsonType = (contentType: string | undefined): boolean => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');

export const hasBody = (req: Request): boolean => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** The charset parameter of the content type, lower case, when there is one. */
const charsetOf = (contentType: string | undefined): string | undefined => /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase();

const TOO_LARGE: JsonBodyProblem = { kind: 'too-large', reason: `larger than ${JSON_LIMITS.bytes / 1024 / 1024} MB` };

/**
 * Any JSON text (RFC 8259 §2: `null`, `1`, `"x"` are JSON texts too): whether its value is the
 * shape an endpoint takes is the endpoint's to say (`describeJsonValue`), not "not valid JSON".
 */
function parse(text: string): { value?: unknown; problem?: JsonBodyProblem } {
  // An empty body is an empty object (what express.json answered); a UTF-8 byte order mark is not part of the JSON.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (json.trim() === '') return { value: {} };
  try {
    return { value: JSON.parse(json) };
  } catch (error) {
    return { problem: { kind: 'unparseable', reason: `not valid JSON (${(error as Error).message})` } };
  }
}

/** What a parsed JSON value is, in words for a message: `null`, `an array`, `a string`, `a number`, `a boolean`, `an object`. */
export function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'number' ? 'a number' : typeof value === 'boolean' ? 'a boolean' : 'a string';
}

/**
 * Reads and parses a JSON request body into `req.body`, within JSON_LIMITS:
 * UTF-8 only (RFC 8259 §8.1; MCP requires it too), at most 1 MB after
 * decompression (gzip, deflate or br), and within the depth and entry limits.
 * Each chunk is checked as it arrives: a body is refused at the first byte past
 * a limit, and what was read of it is dropped then, so a hopeless body never
 * becomes a megabyte buffer, a string and objects. A Content-Length over the
 * limit is refused before anything is read. The rest of a refused body is
 * drained (the caller closes the connection if the client keeps sending).
 * Answers the problem, or undefined when `req.body` holds the value.
 */
export function readJsonBody(req: Request): Promise<JsonBodyProblem | undefined> {
  const charset = charsetOf(req.header('content-type'));
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return Promise.resolve({ kind: 'media-type', field: 'content-type', reason: `charset ${JSON.stringify(charset)} is not supported: JSON must be UTF-8` });
  }
  const encoding = (req.header('content-encoding') ?? 'identity').trim().toLowerCase();
  const decoder = encoding === 'identity' ? undefined : DECODERS[encoding];
  if (encoding !== 'identity' && !decoder) {
    return Promise.resolve({ kind: 'media-type', field: 'content-encoding', reason: `${encoding} is not supported (send gzip, deflate, br or none)` });
  }
  if (Number(req.headers['content-length']) > JSON_LIMITS.bytes) return Promise.resolve(TOO_LARGE);

  return new Promise((resolve) => {
    const decoding = decoder?.();
    const source: Readable = decoding ? req.pipe(decoding) : req;
    const scanner = new JsonShapeScanner();
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;

    const finish = (problem: JsonBodyProblem | undefined) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      if (problem) {
        chunks.length = 0;
        if (decoding) {
          req.unpipe(decoding);
          decoding.destroy();
        }
        // Drain what is still coming; nothing keeps it.
        req.resume();
      }
      resolve(problem);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > JSON_LIMITS.bytes) return finish(TOO_LARGE);
      const shape = scanner.push(chunk);
      if (shape) return finish({ kind: 'too-complex', reason: shape });
      chunks.push(chunk);
    };
    const brokeOff = () => finish({ kind: 'unparseable', reason: decoder ? `the body could not be decoded as ${encoding}` : 'the body broke off before its end' });

    source.on('data', onData);
    source.once('error', brokeOff);
    req.once('error', brokeOff);
    req.once('close', () => {
      if (!req.complete) brokeOff();
    });
    source.once('end', () => {
      if (settled) return;
      const { value, problem } = parse(Buffer.concat(chunks, size).toString('utf8'));
      if (!problem) req.body = value;
      finish(problem);
    });
  });
}
