import Joi from 'joi';
import { notFound } from '@lps/common';
import { defineRoute, type RouteDefinition } from '@lps/api';
import { connectionPage } from '../../domain/sessions/connection-page.js';
import { reconnect } from '../../domain/sessions/reconnect.js';
import { sessionListEntry } from '../../domain/sessions/sessions.js';
import { clearCookie, SESSION_COOKIE } from '../cookies.js';
import { sessionOf } from '../session-auth.js';

interface IdParams {
  id: string;
}
const IdSchema = Joi.object<IdParams, true>({ id: Joi.string().guid().required() });

export function accountRoutes(): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/sessions',
      summary: "The member's live sessions",
      tag: 'Dashboard',
      responses: { 200: { description: 'Sessions, newest first' } },
      handler: async ({ caller, deps, res }) => {
        const current = sessionOf(res)?.id ?? '';
        return { status: 200, body: { data: (await deps.repos.listLiveSessions(caller.memberId, new Date())).map((session) => sessionListEntry(session, current)) } };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/sessions/:id',
      summary: 'Ends one of the member’s sessions (this one too: then it is a sign-out)',
      tag: 'Dashboard',
      request: { params: IdSchema },
      responses: { 204: { description: 'Ended' } },
      errors: [404, 422],
      handler: async ({ caller, params, deps, res }) => {
        if (!(await deps.repos.endMemberSession(caller.memberId, params.id, new Date()))) throw notFound('session');
        return { status: 204, ...(sessionOf(res)?.id === params.id ? { headers: { 'Set-Cookie': clearCookie(SESSION_COOKIE) } } : {}) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/sessions/end-others',
      summary: 'Signs out every other session of the member',
      tag: 'Dashboard',
      responses: { 200: { description: 'How many ended' } },
      handler: async ({ caller, deps, res }) => ({
        status: 200,
        body: { ended: await deps.repos.endOtherSessions(caller.memberId, sessionOf(res)?.id ?? '', new Date()) },
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/connection',
      summary: 'The LinkedIn connection (or the sandbox) as the connection page shows it',
      tag: 'Dashboard',
      responses: { 200: { description: 'connection, profile, sandbox' } },
      handler: async ({ caller, deps }) => ({ status: 200, body: await connectionPage(deps, caller.memberId) }),
    }),
    defineRoute({
      method: 'post',
      path: '/connection/reconnect',
      summary: 'Connects the member again: in the sandbox at once; on LinkedIn, where the browser goes to sign in again (back to the connection page)',
      tag: 'Dashboard',
      responses: { 200: { description: '{authorize_url}' } },
      handler: async ({ caller, deps }) => ({ status: 200, body: await reconnect(deps, caller.memberId) }),
    }),
  ];
}
