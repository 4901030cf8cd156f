import { hashOpaqueToken, newOpaqueToken, OPAQUE_TOKEN_PATTERN } from '@lps/crypto';
import type { Session } from '@lps/db';
import type { Needs } from '@lps/api';

export type SignInMethod = 'network' | 'sandbox' | 'link';

/** A session's last use (and its idle end) is written at most once per this interval (decision 0035). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
const USER_AGENT_MAX = 200;

/** The browser's description of itself, printable and short: it is shown in the list of sessions. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const printable = (text: string | undefined): string | null => (text ? text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, USER_AGENT_MAX) || null : null);

/**
 * Signs a member in: a new random session id (never one the browser brought: fixation), idle and
 * absolute ends from the configuration, and the session the browser had before ended on the server.
 * Returns the token for the cookie; only its SHA-256 is stored.
 */
export async function startSession(
  { repos, config }: Needs<'insertSession' | 'endMemberSession', 'config'>,
  input: { memberId: string; method: SignInMethod; userAgent?: string; previous?: Session | null },
  now = new Date(),
): Promise<{ token: string; session: Session }> {
  if (input.previous) await repos.endMemberSession(input.previous.memberId, input.previous.id, now);
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + config.dashboard.sessionMaxAgeMs);
  const idleExpiresAt = new Date(Math.min(now.getTime() + config.dashboard.sessionIdleMs, expiresAt.getTime()));
  const session = await repos.insertSession({ memberId: input.memberId, tokenHash: hash, method: input.method, userAgent: printable(input.userAgent), idleExpiresAt, expiresAt });
  return { token, session };
}

/**
 * The live session a cookie names, or null. Its idle end moves forward at most once a minute
 * (a page's burst of calls writes once), never past the absolute end.
 */
export async function readSession({ repos, config }: Needs<'findLiveSession' | 'touchSession', 'config'>, token: string | undefined, now = new Date()): Promise<Session | null> {
  if (!token || !OPAQUE_TOKEN_PATTERN.test(token)) return null;
  const session = await repos.findLiveSession(hashOpaqueToken(token), now);
  if (!session) return null;
  const staleBefore = new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS);
  if (session.lastSeenAt < staleBefore) {
    const idleExpiresAt = new Date(Math.min(now.getTime() + config.dashboard.sessionIdleMs, session.expiresAt.getTime()));
    if (await repos.touchSession(session.id, now, idleExpiresAt, staleBefore)) return { ...session, lastSeenAt: now, idleExpiresAt };
  }
  return session;
}

export const sessionToWire = (session: Session) => ({
  id: session.id,
  created_at: session.createdAt.toISOString(),
  expires_at: session.expiresAt.toISOString(),
  idle_expires_at: session.idleExpiresAt.toISOString(),
});

export const sessionListEntry = (session: Session, currentId: string) => ({
  id: session.id,
  current: session.id === currentId,
  created_at: session.createdAt.toISOString(),
  last_seen_at: session.lastSeenAt.toISOString(),
  expires_at: session.expiresAt.toISOString(),
  user_agent: session.userAgent,
  method: session.method as SignInMethod,
});
