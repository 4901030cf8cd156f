import { JITTER, nextRetryDelay, parseRetryAfter, RETRY_AFTER_CEILING_MS } from '../src/domain/delivery/retry-policy.js';

const policy = (random: number) => ({ delaysMs: [1_000, 60_000, 3_600_000], random: () => random });

describe('nextRetryDelay', () => {
  it('follows the schedule within ±20 % jitter, and ends when it is used up', () => {
    expect(nextRetryDelay(policy(0.5), 1, null)).toBe(1_000);
    expect(nextRetryDelay(policy(0), 2, null)).toBe(60_000 * (1 - JITTER));
    expect(nextRetryDelay(policy(1), 3, null)).toBe(3_600_000 * (1 + JITTER));
    expect(nextRetryDelay(policy(0.5), 4, null)).toBeNull();
  });

  it("honours a receiver's Retry-After as a lower bound, up to a day", () => {
    expect(nextRetryDelay(policy(0.5), 1, 30_000)).toBe(30_000);
    expect(nextRetryDelay(policy(0.5), 2, 1_000)).toBe(60_000);
    expect(nextRetryDelay(policy(0.5), 1, 30 * 86_400_000)).toBe(RETRY_AFTER_CEILING_MS);
    expect(nextRetryDelay(policy(0.5), 4, 30_000)).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('reads delta seconds and HTTP dates; a date in the past is now', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 5 ', now)).toBe(5_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 12:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable, never NaN', () => {
    for (const value of [undefined, '', '-5', '1.5', 'soon', '\u0000']) expect(parseRetryAfter(value, now)).toBeNull();
  });
});
