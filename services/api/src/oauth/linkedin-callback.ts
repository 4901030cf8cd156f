import express, { type Response, type Router } from 'express';
import type { Runtime } from '@lps/runtime';
import type { OutsideClients } from '../outside-clients.js';
import { CONNECT_CALLBACK_PATH, finishConnection, type ConnectionOutcome } from '../domain/members/index.js';
import { requestScopeOf } from '../http/request-scope.js';
import { useCaseDeps } from '../composition.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(res: Response, outcome: ConnectionOutcome): void {
  res
    .status(outcome.status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(`<!doctype html><meta charset="utf-8"><title>${escapeHtml(outcome.title)}</title><h1>${escapeHtml(outcome.title)}</h1><p>${escapeHtml(outcome.detail)}</p>`);
}

/**
 * A member's own link ends on their app's page: `lps_connection` (connected or failed), `lps_grant`
 * and `lps_error`, set over any same-named parameter the page carried. 303: the browser GETs it.
 * No Referer: the callback URL it came from carried the code and the state.
 */
function sendBack(res: Response, outcome: ConnectionOutcome, returnTo: URL): void {
  const target = new URL(returnTo.href);
  target.searchParams.set('lps_connection', outcome.connected ? 'connected' : 'failed');
  if (outcome.grant) target.searchParams.set('lps_grant', outcome.grant);
  if (outcome.error) target.searchParams.set('lps_error', outcome.error);
  else target.searchParams.delete('lps_error');
  res.status(303).set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', Location: target.href }).end();
}

const queryText = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= 2_000 ? value : undefined);

/**
 * LinkedIn redirects the member's browser here after the authorize step (links from
 * `lps member connect` and from POST /me/connection/links). No API key: the signed,
 * single-use `state` is what binds the answer to a member.
 */
export function linkedInCallbackRouter(runtime: Runtime, clients: OutsideClients): Router {
  const router = express.Router();
  router.get(CONNECT_CALLBACK_PATH, async (req, res, next) => {
    try {
      const outcome = await finishConnection(useCaseDeps(runtime, clients, requestScopeOf(res)), {
        state: queryText(req.query.state),
        code: queryText(req.query.code),
        error: queryText(req.query.error),
        errorDescription: queryText(req.query.error_description),
      });
      if (outcome.returnTo) sendBack(res, outcome, outcome.returnTo);
      else page(res, outcome);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
