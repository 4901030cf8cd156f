import express, { type Response, type Router } from 'express';
import { AnalyticsAppMissingError, isNetworkError } from '@lps/network';
import type { Runtime } from '@lps/runtime';
import type { AppServices } from '../app-services.js';
import type { UseCaseDeps } from '../domain/deps.js';
import { connectAnalytics } from '../domain/members/connect-analytics.js';
import { ConnectedElsewhereError, connectMember } from '../domain/members/connect-member.js';
import { spendOAuthLink } from '../domain/members/spend-oauth-link.js';
import { requestScopeOf } from '../http/request-scope.js';

export const LINKEDIN_CALLBACK_PATH = '/oauth/linkedin/callback';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(res: Response, status: number, title: string, detail: string): void {
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(`<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>`);
}

const queryText = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= 2_000 ? value : undefined);

/**
 * LinkedIn redirects the member's browser here after `lps member connect`. No API
 * key: the signed, single-use `state` is what binds the answer to a member.
 */
export function linkedInCallbackRouter(runtime: Runtime, services: AppServices): Router {
  const router = express.Router();
  router.get(LINKEDIN_CALLBACK_PATH, async (req, res, next) => {
    try {
      if (runtime.config.network.mode !== 'linkedin') return page(res, 404, 'Not available', 'LPS_NETWORK is not linkedin.');
      const deps: UseCaseDeps = { runtime, services, request: requestScopeOf(res) };
      const state = queryText(req.query.state);
      const spent = state ? await spendOAuthLink(deps, state) : undefined;
      if (!spent) return page(res, 400, 'Link expired or already used', 'Run `lps member connect <member-id>` again for a new link.');
      const denied = queryText(req.query.error);
      if (denied) return page(res, 400, 'Not connected', `LinkedIn answered ${denied}: ${queryText(req.query.error_description) ?? ''}`);
      const code = queryText(req.query.code);
      if (!code) return page(res, 400, 'Not connected', 'LinkedIn sent no authorization code.');
      const { memberId } = spent;
      if (spent.analytics) {
        const granted = await connectAnalytics(deps, memberId, code);
        deps.request.log.info('member connected to the LinkedIn analytics app', { member_id: memberId, scopes: granted.scopes.join(' '), expires_at: granted.expiresAt.toISOString() });
        return page(res, 200, 'Analytics connected', `LinkedIn granted ${granted.scopes.join(', ') || 'no scope'} until ${granted.expiresAt.toISOString()}. You can close this window.`);
      }
      const connected = await connectMember(deps, memberId, code, { replace: spent.replace });
      deps.request.log.info('member connected to LinkedIn', { member_id: memberId, expires_at: connected.expiresAt.toISOString() });
      page(res, 200, 'Connected to LinkedIn', `${connected.name ?? connected.personUrn} is connected until ${connected.expiresAt.toISOString()}. You can close this window.`);
    } catch (error) {
      if (error instanceof ConnectedElsewhereError) {
        requestScopeOf(res).log.warn('connection refused: the member is connected to another LinkedIn person', { connected: error.connectedPersonUrn, attempted: error.attemptedPersonUrn });
        return page(
          res,
          409,
          'Already connected to another LinkedIn account',
          `This member posts as ${error.connectedPersonUrn}; you signed in as ${error.attemptedPersonUrn}. Nothing was changed. To switch accounts, run \`lps member connect <member-id> --replace\`.`,
        );
      }
      if (error instanceof AnalyticsAppMissingError) return page(res, 400, 'Analytics app not configured', error.message);
      if (!isNetworkError(error)) return next(error);
      requestScopeOf(res).log.warn('LinkedIn connection failed', { kind: error.kind, error: error.message });
      page(res, 502, 'LinkedIn did not complete the connection', 'Run `lps member connect <member-id>` again.');
    }
  });
  return router;
}
