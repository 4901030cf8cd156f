import type { PublishedResult } from '@lps/db';
import { DEFAULT_TIMES, MIN_POSTS_FOR_HISTORY, rankPostingTimes, suggestTimes } from './suggest-times.js';

// The best-time ranking, pure and in memory: which measure, from how many posts, in which zone,
// and the same answer for the same data.

/** A post published at `iso` with its impressions and engagements (likes + comments + shares). */
const result = (iso: string, impressions: number, engagement: number): PublishedResult => ({ publishedAt: new Date(iso), impressions, engagement });

/**
 * Twelve posts of 1,000 impressions, in Paris time (winter: UTC+1): Tuesdays at 08:xx did 10 %,
 * Thursdays at 17:xx nothing, Mondays at 12:xx 5 % — the member's usual rate, 600 / 12,000.
 */
const HISTORY = [
  result('2027-01-05T07:10:00Z', 1000, 100),
  result('2027-01-12T07:40:00Z', 1000, 100),
  result('2027-01-19T07:05:00Z', 1000, 100),
  result('2027-01-07T16:20:00Z', 1000, 0),
  result('2027-01-14T16:30:00Z', 1000, 0),
  result('2027-01-21T16:45:00Z', 1000, 0),
  ...['04', '11', '18', '25'].map((day) => result(`2027-01-${day}T11:15:00Z`, 1000, 50)),
  ...['01', '08'].map((day) => result(`2027-02-${day}T11:45:00Z`, 1000, 50)),
];

describe('rankPostingTimes', () => {
  it('ranks the hours by engagement per impression against the member’s own rate, in their time zone', () => {
    const answer = rankPostingTimes(HISTORY, 'Europe/Paris');
    expect(answer.basis).toBe('history');
    expect(answer.posts_considered).toBe(12);
    // Each hour pooled with one typical post (the median, 1,000 impressions at the usual 5 %):
    // Tuesday 08:00 350 / 4,000 = 8.75 % (1.75 × usual), Monday 12:00 5 % (1), Thursday 17:00 50 / 4,000 (0.25).
    expect(answer.times).toEqual([
      { day: 'tuesday', time: '08:00', score: 1.75 },
      { day: 'monday', time: '12:00', score: 1 },
      { day: 'thursday', time: '17:00', score: 0.25 },
    ]);
  });

  it('buckets by the wall clock of the member’s zone, not UTC', () => {
    const newYork = rankPostingTimes(HISTORY, 'America/New_York');
    // 07:10 UTC is 02:10 in New York in January.
    expect(newYork.times[0]).toMatchObject({ day: 'tuesday', time: '02:00' });
  });

  it('lets no post seen by a few people top the list on its rate: 5 of 10 ranks below three posts at 10 %', () => {
    const lucky = [...HISTORY, result('2027-01-09T09:00:00Z', 10, 5)];
    expect(rankPostingTimes(lucky, 'UTC').times[0]).toMatchObject({ day: 'tuesday', time: '07:00' });
  });

  it('answers the same for the same posts in any order', () => {
    const shuffled = [...HISTORY].reverse();
    expect(rankPostingTimes(shuffled, 'Europe/Paris')).toEqual(rankPostingTimes(HISTORY, 'Europe/Paris'));
  });

  it(`falls back to the default list below ${MIN_POSTS_FOR_HISTORY} posts, saying how many there were`, () => {
    expect(rankPostingTimes(HISTORY.slice(0, MIN_POSTS_FOR_HISTORY - 1), 'Europe/Paris')).toEqual({
      basis: 'default',
      posts_considered: MIN_POSTS_FOR_HISTORY - 1,
      times: DEFAULT_TIMES.map((time) => ({ ...time, score: null })),
    });
    expect(rankPostingTimes(HISTORY.slice(0, MIN_POSTS_FOR_HISTORY), 'Europe/Paris').basis).toBe('history');
  });

  it('falls back to the default list when no post was ever engaged with (no hour did better)', () => {
    const silent = HISTORY.map((post) => ({ ...post, engagement: 0 }));
    expect(rankPostingTimes(silent, 'UTC')).toMatchObject({ basis: 'default', posts_considered: 12 });
  });
});

describe('suggestTimes', () => {
  it("reads the last year of the member's published results in their zone, from the clock it is given", async () => {
    const asked: { memberId: string; since: string; limit: number }[] = [];
    const deps = {
      repos: {
        findMemberSettings: async () => ({ timeZone: 'Europe/Paris', approvalRequired: false, postingSlots: [] }),
        publishedResults: async (memberId: string, since: Date, limit: number) => (asked.push({ memberId, since: since.toISOString(), limit }), HISTORY),
      },
    };
    const answer = await suggestTimes(deps, 'member-1', new Date('2027-06-01T00:00:00Z'));
    expect(asked).toEqual([{ memberId: 'member-1', since: '2026-06-01T00:00:00.000Z', limit: 500 }]);
    expect(answer.suggestions.times[0]).toMatchObject({ day: 'tuesday', time: '08:00' });
  });
});
