import type { DueConnectionNotice, EndingGrant } from '@lps/db';
import type { Logger } from '@lps/logger';
import { notifyConnectionEnds } from './notify-connection-ends.js';
import { linkedInTestConfig } from '@lps/testing';

// notifyConnectionEnds with its repository functions in memory: which grant gets which
// connection.* notice, and that each is sent once, whoever runs the round (the claim is the
// repository's). The delivery journey through PostgreSQL and the dispatcher is connection-events.test.ts.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const config = linkedInTestConfig({ LPS_CONNECTION_WARNING_DAYS: '7,1' });

const NOW = new Date('2026-03-01T12:00:00.000Z');
const grant = (memberId: string, endsInMs: number, kind: EndingGrant['grant'] = 'share'): EndingGrant => ({
  memberId,
  grant: kind,
  connectedAt: new Date('2026-01-01T00:00:00.000Z'),
  endsAt: new Date(NOW.getTime() + endsInMs),
});

/**
 * The grants table and the notice claims in memory. A claim is unique by grant, kind and
 * threshold, as the real unique row is: the second claim of the same notice gets null.
 */
function world(grants: EndingGrant[]) {
  const claims = new Set<string>();
  const sent: Array<{ member: string; grant: string; kind: string; days: number }> = [];
  const horizons: Date[] = [];
  const announced: string[][] = [];
  const deps = {
    repos: {
      grantsEndingBy: async (horizon: Date) => (horizons.push(horizon), grants.filter((g) => g.endsAt <= horizon)),
      recordConnectionNotice: async ({ grant: g, kind, days }: DueConnectionNotice) => {
        const key = `${g.memberId}/${g.grant}/${g.connectedAt.toISOString()}/${kind}/${days}`;
        if (claims.has(key)) return null;
        claims.add(key);
        sent.push({ member: g.memberId, grant: g.grant, kind, days });
        return `outbox-${claims.size}`;
      },
    },
    config,
    announceEvents: async (ids: string[]) => void announced.push(ids),
    log: { info: () => undefined } as unknown as Logger,
  };
  return { deps, sent, horizons, announced };
}

describe('notifyConnectionEnds, with its repositories in memory', () => {
  const grants = [
    grant('far', 10 * DAY),
    grant('week', 5 * DAY),
    grant('day', 12 * HOUR),
    grant('ended', -2 * DAY),
    grant('long-ended', -40 * DAY),
    grant('week', 3 * DAY, 'analytics'),
  ];

  it('sends each grant the nearest threshold it crossed (never a stale 7 days next to a 1 day), ended ones within 30 days, and announces them together', async () => {
    const { deps, sent, horizons, announced } = world(grants);
    expect(await notifyConnectionEnds(deps, NOW)).toBe(4);
    expect(horizons).toEqual([new Date(NOW.getTime() + 7 * DAY)]);
    expect(sent).toEqual([
      { member: 'week', grant: 'share', kind: 'ending', days: 7 },
      { member: 'day', grant: 'share', kind: 'ending', days: 1 },
      { member: 'ended', grant: 'share', kind: 'ended', days: 0 },
      { member: 'week', grant: 'analytics', kind: 'ending', days: 7 },
    ]);
    expect(announced).toEqual([['outbox-1', 'outbox-2', 'outbox-3', 'outbox-4']]);
  });

  it('sends a notice once: a second round (a restart, another replica) announces nothing; the next threshold crossed is sent', async () => {
    const { deps, sent, announced } = world(grants);
    await notifyConnectionEnds(deps, NOW);
    expect(await notifyConnectionEnds(deps, NOW)).toBe(0);
    expect(announced.at(-1)).toEqual([]);
    // Four and a half days later every grant has crossed its next line, and only those notices are new:
    // the earlier ones (and the grant that ended 40 days before) stay unsent.
    expect(await notifyConnectionEnds(deps, new Date(NOW.getTime() + 4.5 * DAY))).toBe(4);
    expect(sent.slice(4)).toEqual([
      { member: 'far', grant: 'share', kind: 'ending', days: 7 },
      { member: 'week', grant: 'share', kind: 'ending', days: 1 },
      { member: 'day', grant: 'share', kind: 'ended', days: 0 },
      { member: 'week', grant: 'analytics', kind: 'ended', days: 0 },
    ]);
    expect(announced.at(-1)).toEqual(['outbox-5', 'outbox-6', 'outbox-7', 'outbox-8']);
  });
});
