import type { DueConnectionNotice, EndingGrant } from '@lps/db';
import type { Needs } from '../publisher-context.js';

const DAY_MS = 86_400_000;
/** A grant that ended before this long ago is not announced any more (a first start after an upgrade, a long outage). */
const ENDED_NOTICE_WINDOW_MS = 30 * DAY_MS;

/**
 * The one notice a grant is due now, if any: `ended` once it is over; otherwise `ending` for the
 * nearest threshold it has crossed. A round that comes late (the publisher was down) sends only
 * the nearest, never a stale "7 days" next to a "1 day".
 */
export function noticeDue(grant: EndingGrant, warningDays: readonly number[], now: Date): DueConnectionNotice | undefined {
  const left = grant.endsAt.getTime() - now.getTime();
  if (left <= 0) return left > -ENDED_NOTICE_WINDOW_MS ? { grant, kind: 'ended', days: 0 } : undefined;
  const crossed = warningDays.filter((days) => left <= days * DAY_MS);
  return crossed.length > 0 ? { grant, kind: 'ending', days: Math.min(...crossed) } : undefined;
}

/**
 * connection.ending (at each of LPS_CONNECTION_WARNING_DAYS before a LinkedIn grant ends) and
 * connection.ended, for both apps' grants. Each is sent once per grant and threshold: the claim
 * is a row in PostgreSQL, so restarts and publisher replicas running the same round at the same
 * moment send it once. Runs with the publisher's hourly round: a threshold is announced within
 * the hour after it is crossed.
 */
export async function notifyConnectionEnds(
  { repos, config, announceEvents, log }: Needs<'grantsEndingBy' | 'recordConnectionNotice', 'config' | 'announceEvents' | 'log'>,
  now = new Date(),
): Promise<number> {
  const { warningDays } = config.network.connect;
  const horizon = new Date(now.getTime() + Math.max(...warningDays) * DAY_MS);
  const sent: string[] = [];
  for (const grant of await repos.grantsEndingBy(horizon)) {
    const notice = noticeDue(grant, warningDays, now);
    const outboxId = notice ? await repos.recordConnectionNotice(notice) : null;
    if (!outboxId || !notice) continue;
    sent.push(outboxId);
    log.info('connection notice written', { member_id: grant.memberId, grant: grant.grant, kind: notice.kind, days: notice.days, ends_at: grant.endsAt.toISOString() });
  }
  await announceEvents(sent);
  return sent.length;
}
