import type { PostMetrics } from '../network.js';

export const METRIC_TYPES = ['IMPRESSION', 'MEMBERS_REACHED', 'REACTION', 'COMMENT', 'RESHARE'] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

interface AnalyticsElement {
  count?: number;
  metricType?: unknown;
}

/** `metricType` is an object wrapping the name in older versions and a plain string in newer ones: accept both. */
export function metricTypeName(metricType: unknown): string | undefined {
  if (typeof metricType === 'string') return metricType;
  if (metricType && typeof metricType === 'object') {
    return Object.values(metricType as Record<string, unknown>).find((value): value is string => typeof value === 'string');
  }
  return undefined;
}

/** The total of one metric from a memberCreatorPostAnalytics answer (elements of another type are ignored). */
export function countOf(body: { elements?: AnalyticsElement[] }, type: MetricType): number {
  return (body.elements ?? [])
    .filter((element) => {
      const name = metricTypeName(element.metricType);
      return name === undefined || name === type;
    })
    .reduce((sum, element) => sum + (typeof element.count === 'number' ? element.count : 0), 0);
}

export const metricsFrom = (counts: Record<MetricType, number>): PostMetrics => ({
  impressions: counts.IMPRESSION,
  membersReached: counts.MEMBERS_REACHED,
  likes: counts.REACTION,
  comments: counts.COMMENT,
  shares: counts.RESHARE,
});

/** `(share:urn%3Ali%3Ashare%3A…)` or `(ugc:…)` for ugcPost URNs; the parentheses stay literal. */
export const analyticsEntity = (urn: string): string => `(${urn.startsWith('urn:li:ugcPost:') ? 'ugc' : 'share'}:${encodeURIComponent(urn)})`;
