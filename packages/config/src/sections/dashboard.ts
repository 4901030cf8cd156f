import Joi from 'joi';
import { durationMs } from '../duration.js';
import { defineSection } from './section.js';

/** Who may become a member by signing in with LinkedIn (the sandbox lets anyone in: it is a simulation). */
export type SignUpPolicy = 'open' | 'closed';

const rule = Joi.string()
  .pattern(/^\d+\/\d+$/)
  .messages({ 'string.pattern.base': '{{#label}} must look like <attempts>/<seconds>, e.g. 20/60' });

/** The member dashboard's sign-in and sessions (docs/dashboard.md, decision 0035). */
export const dashboardSection = defineSection({
  variables: {
    LPS_SIGNUP: Joi.string().valid('open', 'closed').default('closed'),
    LPS_SESSION_IDLE_TIMEOUT: durationMs('2h', { min: '1m', max: '30d' }),
    LPS_SESSION_MAX_AGE: durationMs('12h', { min: '5m', max: '90d' }),
    LPS_SIGN_IN_LINK_TTL: durationMs('15m', { min: '1m', max: '24h' }),
    /** Sign-in attempts (starts, callbacks, links) per client address and window. */
    LPS_SIGN_IN_LIMIT: rule.default('20/60'),
    /** Where LinkedIn sends a sign-in back; registered beside LINKEDIN_REDIRECT_URI in the app. */
    LPS_SIGN_IN_REDIRECT_URI: Joi.string().uri({ scheme: ['http', 'https'] }),
    /** How often each dashboard process reads the outbox for its members' live streams (decision 0039): the worst added latency. */
    LPS_EVENTS_POLL_INTERVAL: durationMs('1s', { min: '100ms', max: '1m' }),
    /** A comment line on every live stream this often, so proxies and browsers keep it open. */
    LPS_EVENTS_HEARTBEAT: durationMs('15s', { min: '1s', max: '5m' }),
  },
  build: (env) => {
    const [points, seconds] = (env.LPS_SIGN_IN_LIMIT as string).split('/').map(Number) as [number, number];
    const base = ((env.PUBLIC_BASE_URL as string | undefined) ?? `http://127.0.0.1:${env.PORT as number}`).replace(/\/+$/, '');
    return {
      signUp: env.LPS_SIGNUP as SignUpPolicy,
      sessionIdleMs: env.LPS_SESSION_IDLE_TIMEOUT as number,
      sessionMaxAgeMs: env.LPS_SESSION_MAX_AGE as number,
      signInLinkTtlMs: env.LPS_SIGN_IN_LINK_TTL as number,
      signInLimit: { points, durationSeconds: seconds },
      signInRedirectUri: (env.LPS_SIGN_IN_REDIRECT_URI as string | undefined) ?? `${base}/auth/network/callback`,
      events: { pollMs: env.LPS_EVENTS_POLL_INTERVAL as number, heartbeatMs: env.LPS_EVENTS_HEARTBEAT as number },
    };
  },
});
