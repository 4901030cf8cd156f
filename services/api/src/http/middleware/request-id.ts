import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { runWithLogContext } from '@lps/logger';

const ACCEPTABLE = /^[A-Za-z0-9._-]{1,128}$/;

/** Reuses a sane incoming X-Request-Id or makes one; echoes it and puts it in every log line. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.header('x-request-id');
  const id = incoming && ACCEPTABLE.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  runWithLogContext({ request_id: id }, next);
};
