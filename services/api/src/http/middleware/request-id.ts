import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '@lps/logger';
import { RequestScope, setRequestScope } from '../request-scope.js';

const ACCEPTABLE = /^[A-Za-z0-9._-]{1,128}$/;

/** Reuses a sane incoming X-Request-Id or makes one; echoes it and puts it in the request's log lines. */
export const requestId =
  (logger: Logger): RequestHandler =>
  (req, res, next) => {
    const incoming = req.header('x-request-id');
    const id = incoming && ACCEPTABLE.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    setRequestScope(res, new RequestScope(id, logger));
    next();
  };
