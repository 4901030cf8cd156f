import express, { type RequestHandler } from 'express';
import type { Runtime } from '@lps/runtime';

export const ADMIN_QUEUES_PATH = '/admin/queues';

/** The BullMQ dashboard's router; bull-board and its UI are imported here, on the first admin request. */
async function buildBoard(runtime: Runtime): Promise<RequestHandler> {
  const [{ createBullBoard }, { BullMQAdapter }, { ExpressAdapter }] = await Promise.all([
    import('@bull-board/api'),
    import('@bull-board/api/bullMQAdapter'),
    import('@bull-board/express'),
  ]);
  const board = new ExpressAdapter();
  board.setBasePath(ADMIN_QUEUES_PATH);
  createBullBoard({ queues: Object.values(runtime.queues).map((queue) => new BullMQAdapter(queue)), serverAdapter: board });
  return express.Router().use(board.getRouter() as RequestHandler);
}

/**
 * The dashboard, built when an operator first opens it: every API process
 * would otherwise carry bull-board's modules for a page few of them serve.
 */
export function lazyAdminQueues(runtime: Runtime): RequestHandler {
  let board: Promise<RequestHandler> | undefined;
  return (req, res, next) => {
    board ??= buildBoard(runtime).catch((error: unknown) => {
      board = undefined;
      throw error;
    });
    board.then((router) => router(req, res, next), next);
  };
}
