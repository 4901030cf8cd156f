import type { Request, RequestHandler, Response, Router } from 'express';
import { rateLimited, unauthorized, validationError } from '@lps/common';
import { parseStreamPosition, type StreamPosition } from '@lps/db';
import { consumeBucket, type AuthStrategy, type Caller, type RateLimiters } from '@lps/api';
import type { Runtime } from '@lps/runtime';
import { sessionOf } from '../session-auth.js';
import type { EventHub } from './event-hub.js';

/** Streams one session may hold at once (a few tabs); more is a page that leaks them. */
export const MAX_STREAMS_PER_SESSION = 10;

/** Where a browser resumes: the Last-Event-ID header EventSource sends on reconnecting, or `?last_event_id=` for a page that reopens its own. */
function resumePoint(req: Request): StreamPosition | undefined {
  const header = req.get('last-event-id');
  const query = typeof req.query.last_event_id === 'string' ? req.query.last_event_id : undefined;
  const given = header ?? query;
  if (given === undefined || given === '') return undefined;
  const position = parseStreamPosition(given.trim());
  if (!position) throw validationError({ 'last-event-id': 'not an id this stream sent: reconnect without it (the stream starts from now)' });
  return position;
}

/**
 * GET /dashboard/api/events (decision 0039): the signed-in member's live events as server-sent
 * events. Authenticated by the session and counted in its default rate-limit bucket like any
 * dashboard request, then held open: the process's one EventHub writes to it.
 */
export function mountEventsRoute(router: Router, hub: EventHub, options: { auth: AuthStrategy; limiters: RateLimiters; runtime: Runtime }): void {
  const limit: RequestHandler = async (_req, res, next) => {
    try {
      const { error } = await consumeBucket(options.limiters, 'default', (res.locals.caller as Caller).keyId, (bucket) => options.runtime.metrics.rateLimited.inc({ bucket }));
      next(error);
    } catch (failure) {
      next(failure);
    }
  };
  const open: RequestHandler = (req: Request, res: Response, next) => {
    try {
      const caller = res.locals.caller as Caller;
      const session = sessionOf(res);
      if (!session) throw unauthorized('not signed in, or the session has ended: sign in again');
      const resumeAfter = resumePoint(req);
      if (hub.streamsOf(session.id) >= MAX_STREAMS_PER_SESSION) throw rateLimited(5);
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        // Proxies that buffer answers (nginx) would hold events back.
        'X-Accel-Buffering': 'no',
        Connection: 'keep-alive',
      });
      // How long EventSource waits before reconnecting after the stream is cut.
      res.write('retry: 2000\n\n');
      const stream = hub.subscribe(
        {
          memberId: caller.memberId,
          sessionId: session.id,
          send: (chunk) => res.write(chunk),
          buffered: () => res.writableLength,
          end: () => res.end(),
        },
        resumeAfter,
      );
      res.on('close', () => stream.close());
    } catch (error) {
      next(error);
    }
  };
  router.get('/events', options.auth.authenticate, limit, open);
}
