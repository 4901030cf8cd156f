import Joi from 'joi';
import { AppError, rateLimited, unauthorized } from '@lps/common';
import { getMe, getSettings, defineRoute, type RouteDefinition } from '@lps/api';
import { sessionToWire, startSession } from '../../domain/sessions/sessions.js';
import { spendSignInLink } from '../../domain/sign-in/spend-sign-in-link.js';
import { clearCookie, cookieHeader, SESSION_COOKIE } from '../cookies.js';
import { cookiesWouldBeDropped } from '../plain-http.js';
import { loadSession, sessionOf } from '../session-auth.js';
import type { DashboardRouteContext } from './route-context.js';

interface LinkBody {
  token: string;
}
const LinkBodySchema = Joi.object<LinkBody, true>({ token: Joi.string().max(200).required() });

/** The session cookie of a session that starts now: it lives until the session's absolute end. */
export const sessionCookie = (token: string, expiresAt: Date, now = Date.now()) => cookieHeader(SESSION_COOKIE, token, (expiresAt.getTime() - now) / 1000);

export function sessionRoutes({ runtime, clients, signInWait }: DashboardRouteContext): RouteDefinition[] {
  const { config } = runtime;
  return [
    defineRoute({
      method: 'get',
      path: '/session',
      summary: 'Who is signed in, this session, their settings (time zone, approval), and the addresses the pages show',
      tag: 'Dashboard',
      responses: { 200: { description: 'The signed-in member and session' } },
      handler: async ({ caller, deps, res }) => {
        const session = sessionOf(res) as NonNullable<ReturnType<typeof sessionOf>>;
        // Where API clients reach this lps (PUBLIC_BASE_URL): the API's address even when the dashboard runs apart from it.
        const origin = config.http.publicBaseUrl;
        const [{ member }, { settings }] = await Promise.all([getMe(deps, caller.memberId), getSettings(deps, caller.memberId)]);
        return {
          status: 200,
          body: {
            member,
            // Every planning page shows times in the member's zone: read here, no page asks for it again (≤ 3 calls a page).
            settings,
            session: sessionToWire(session),
            network: config.network.mode,
            api_base_url: `${origin}/api/v1`,
            mcp_url: `${origin}/mcp`,
            key_cache_seconds: Math.ceil(config.security.authCacheTtlMs / 1000),
          },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/sign-out',
      summary: 'Ends this session on the server and clears its cookie',
      tag: 'Dashboard',
      responses: { 204: { description: 'Signed out' } },
      handler: async ({ caller, deps, res }) => {
        const session = sessionOf(res);
        if (session) await deps.repos.endMemberSession(caller.memberId, session.id, new Date());
        return { status: 204, headers: { 'Set-Cookie': clearCookie(SESSION_COOKIE) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/sign-in/options',
      summary: 'How one signs in here',
      tag: 'Dashboard',
      auth: false,
      responses: { 200: { description: 'The ways this mode offers' } },
      handler: async () => ({
        status: 200,
        body: { network: config.network.mode, methods: [config.network.mode === 'linkedin' ? 'network' : 'sandbox'], signup: config.dashboard.signUp },
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/sign-in/link',
      summary: 'Spends a one-time sign-in link from `lps member sign-in-link`',
      tag: 'Dashboard',
      auth: false,
      request: { body: LinkBodySchema },
      responses: { 204: { description: 'Signed in: the session cookie is set' } },
      errors: [401, 403, 422, 429],
      handler: async ({ body, deps, req, res }) => {
        if (cookiesWouldBeDropped(req)) {
          throw new AppError(
            'forbidden',
            'sign-in needs HTTPS on this address: over plain HTTP the browser would drop the session cookie (open it on 127.0.0.1 or localhost, or serve lps over HTTPS)',
            {
              details: { reason: 'insecure_http' },
            },
          );
        }
        const wait = await signInWait(req);
        if (wait > 0) throw rateLimited(wait);
        const memberId = await spendSignInLink(deps, body.token);
        if (!memberId) throw unauthorized('this sign-in link is unknown, already used or expired: ask the operator for a new one (lps member sign-in-link)');
        const previous = await loadSession(runtime, clients, req, res);
        const { token, session } = await startSession(deps, { memberId, method: 'link', userAgent: req.get('user-agent'), previous });
        deps.request.log.info('member signed in', { member_id: memberId, provider: 'link' });
        return { status: 204, headers: { 'Set-Cookie': sessionCookie(token, session.expiresAt) } };
      },
    }),
  ];
}
