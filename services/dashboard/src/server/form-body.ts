import type { Request } from 'express';
import { validationError } from '@lps/common';

const FORM_LIMIT_BYTES = 4_096;

/**
 * A small urlencoded form (the sandbox's sign-in), read whole up to 4 KB: larger, or another type,
 * is a 422 before anything is parsed. The server's body time-outs cut a slow sender (decision 0018).
 */
export async function readFormBody(req: Request): Promise<URLSearchParams> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.get('content-type') ?? '')) throw validationError({ 'content-type': 'must be application/x-www-form-urlencoded' });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) {
      req.unpipe();
      req.resume();
      throw validationError({ body: `larger than ${FORM_LIMIT_BYTES} bytes` });
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  // eslint-disable-next-line no-control-regex -- NUL and other control characters never belong in this form
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw validationError({ body: 'contains control characters' });
  return new URLSearchParams(text);
}
