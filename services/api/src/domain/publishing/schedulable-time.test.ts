import { assertSchedulableTime } from './schedulable-time.js';

const now = Date.parse('2026-02-28T12:00:00.000Z');
const refusal = (at: string) => {
  try {
    assertSchedulableTime(new Date(at), now);
    return undefined;
  } catch (error) {
    return (error as { code: string; details?: Record<string, string> }).details?.scheduled_at;
  }
};

describe('assertSchedulableTime', () => {
  it('takes now, a minute ago (a member clock behind ours) and a year ahead to the millisecond', () => {
    expect(refusal('2026-02-28T12:00:00.000Z')).toBeUndefined();
    expect(refusal('2026-02-28T11:59:00.000Z')).toBeUndefined();
    expect(refusal('2027-02-28T12:00:00.000Z')).toBeUndefined();
  });

  it('refuses more than a minute past and more than a calendar year ahead, naming which', () => {
    expect(refusal('2026-02-28T11:58:59.999Z')).toBe('more than 60 seconds in the past');
    expect(refusal('2027-02-28T12:00:00.001Z')).toBe('more than 1 year ahead');
  });

  it('counts the year by the calendar: from 29 February, a year ahead is 1 March', () => {
    const leap = Date.parse('2028-02-29T12:00:00.000Z');
    expect(() => assertSchedulableTime(new Date('2029-03-01T12:00:00.000Z'), leap)).not.toThrow();
    expect(() => assertSchedulableTime(new Date('2029-03-01T12:00:00.001Z'), leap)).toThrow();
  });
});
