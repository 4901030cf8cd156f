import type { Needs } from '../publisher-context.js';

/** How long an ended or expired session, sign-in attempt or link is kept (for the member's list, and a log reader). */
const KEPT_AFTER_END_MS = 86_400_000;

/** Deletes dashboard sessions, sign-in attempts and links a day after they ended: those tables do not only grow. */
export async function purgeSignInRecords({ repos, log }: Needs<'purgeSignInRecords', 'log'>, now = new Date()): Promise<{ purgedSignIns: number }> {
  const count = await repos.purgeSignInRecords(new Date(now.getTime() - KEPT_AFTER_END_MS));
  if (count > 0) log.info(`purged ${count} ended sessions and spent sign-in records`);
  return { purgedSignIns: count };
}
