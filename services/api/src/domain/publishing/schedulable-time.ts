import { unprocessable } from '@lps/common';

/** A minute of the member's clock drifting behind ours is not "the past". */
const PAST_TOLERANCE_MS = 60_000;

/** A publication time lps takes: not more than a minute past, not more than a calendar year ahead. */
export function assertSchedulableTime(at: Date, now = Date.now()): void {
  if (at.getTime() < now - PAST_TOLERANCE_MS) throw unprocessable('scheduled_at is in the past', { scheduled_at: 'more than 60 seconds in the past' });
  if (at.getTime() > oneYearAfter(now).getTime()) {
    throw unprocessable('scheduled_at is more than one year ahead', { scheduled_at: 'more than 1 year ahead' });
  }
}

/** The furthest publication time lps takes: the same date and time a calendar year later (UTC). */
export function oneYearAfter(now: number | Date): Date {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return limit;
}
