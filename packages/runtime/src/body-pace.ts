import type { IncomingMessage } from 'node:http';
import { isBehindPace, type BodyPace } from '@lps/common';
import { answerClientError, BODY_TOO_SLOW, type ClientErrorBody } from './answer-client-error.js';

/** How often a body's pace is looked at. */
const CHECK_EVERY_MS = 1_000;

/**
 * Cuts a body that keeps arriving too slowly (408, `isBehindPace`): a JSON body
 * is done long before its grace is over; a 500 MB video may take as long as its
 * sender keeps the pace. Time the server itself held the body back (reading paused while the
 * request is authenticated or the disk is behind) is not counted against it.
 * Bytes are read from the socket's counter: watching `data` would start the flow.
 */
export function cutWhenBodyTooSlow(req: IncomingMessage, pace: BodyPace, body: ClientErrorBody): void {
  const socket = req.socket;
  const startedAt = Date.now();
  const bytesBefore = socket.bytesRead;
  let pausedMs = 0;
  let pausedAt: number | undefined;
  req.on('pause', () => (pausedAt ??= Date.now()));
  req.on('resume', () => {
    if (pausedAt !== undefined) pausedMs += Date.now() - pausedAt;
    pausedAt = undefined;
  });
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return void clearInterval(timer);
    const now = Date.now();
    const sendingMs = now - startedAt - pausedMs - (pausedAt === undefined ? 0 : now - pausedAt);
    if (!isBehindPace(socket.bytesRead - bytesBefore, sendingMs, pace)) return;
    clearInterval(timer);
    answerClientError(Object.assign(new Error('the request body arrived too slowly'), { code: BODY_TOO_SLOW }), socket, body);
  }, CHECK_EVERY_MS);
  timer.unref();
  req.once('close', () => clearInterval(timer));
}
