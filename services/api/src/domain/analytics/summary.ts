import type { PeriodKpis } from '@lps/db';
import type { Needs } from '../deps.js';
import { analyticsAvailability, countsIfMeasured } from './availability.js';

export const ANALYTICS_PERIODS = [7, 28, 90, 365] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export interface SummaryInput {
  /** Defaulted by the schema (28). */
  days: AnalyticsPeriod;
}

const DAY_MS = 86_400_000;

/** A period's KPIs; without analytics only the count of posts is a fact, the numbers are null. */
const kpisToWire = (kpis: PeriodKpis, measured: boolean) => ({
  posts_published: kpis.postsPublished,
  ...countsIfMeasured(measured, kpis),
  avg_engagement_rate: measured ? kpis.avgEngagementRate : null,
});

/**
 * GET /analytics/summary (decision 0040): the KPIs of the posts published in the last `days` and of
 * those published in the `days` before (the page computes the change), over each post's newest
 * numbers. Honest when there is nothing to show: without an analytics grant `available` is false,
 * `unavailable_reason` says why in words, and the numbers are null — never zeros that look measured.
 */
export async function getAnalyticsSummary(
  deps: Needs<'readPeriodKpis' | 'findNetworkConnection' | 'findAnalyticsConnection', 'config'>,
  memberId: string,
  input: SummaryInput,
  now: Date,
) {
  const currentFrom = new Date(now.getTime() - input.days * DAY_MS);
  const previousFrom = new Date(now.getTime() - 2 * input.days * DAY_MS);
  const [availability, periods] = await Promise.all([analyticsAvailability(deps, memberId, now), deps.repos.readPeriodKpis(memberId, previousFrom, currentFrom)]);
  return {
    summary: {
      days: input.days,
      current: kpisToWire(periods.current, availability.available),
      previous: kpisToWire(periods.previous, availability.available),
      source: availability.source,
      available: availability.available,
      unavailable_reason: availability.reason,
    },
  };
}
