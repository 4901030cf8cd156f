import { unprocessable } from '@lps/common';

/** A minute of the member's clock drifting behind ours is not "the past". */
const PAST_TOLERANCE_MS = 60_000;

/** A publication time lps takes: not more than a minute past, not more than a calendar year ahead. */
export function assertSchedulableTime(at: Date, now = Date.now()): void {
  if (at.getTime() < now - PAST_TOLERANCE_MS) throw unprocessable('scheduled_at is in the past', { scheduled_at: 'more than 60 seconds in the past' });
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  if (at.getTime() > limit.getTime()) {
    throw unprocessable('scheduled_at is more than one year ahead', { scheduled_at: 'more than 1 year ahead' });
  }
}
