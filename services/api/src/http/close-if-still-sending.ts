import type { Request, Response } from 'express';

/** How long a client may go on sending a body we have already refused before its connection is closed. */
const GRACE_MS = 2_000;

/**
 * For a request answered before its body ended (an upload refused mid-stream):
 * the rest of the body is read and discarded for a short grace, long enough
 * for a client that stops to read the answer on a connection it can reuse,
 * then the connection is closed (RFC 9112 §9.6 lets a server close after a
 * complete response) so a client that keeps sending cannot hold it, or a
 * graceful shutdown, open.
 */
export function closeIfStillSending(req: Request, res: Response): void {
  if (req.complete) return;
  res.once('finish', () => {
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.destroy(), GRACE_MS);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
  });
}
