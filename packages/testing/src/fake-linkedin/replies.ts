import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

/** Every answer carries LinkedIn's request id header, like the real API. */
export function reply(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'x-li-uuid': randomUUID(),
    ...(payload ? { 'content-type': 'application/json' } : {}),
    ...headers,
  });
  res.end(payload);
}

/** LinkedIn's error body: `{status, serviceErrorCode, code, message}` (`code` on newer endpoints only). */
export const linkedInError = (res: ServerResponse, status: number, code: string, message: string, serviceErrorCode?: number) =>
  reply(res, status, { status, ...(serviceErrorCode ? { serviceErrorCode } : {}), code, message });
