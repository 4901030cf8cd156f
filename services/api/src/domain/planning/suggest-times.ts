import { WEEKDAYS, type PublishedResult, type Weekday } from '@lps/db';
import type { Needs } from '../deps.js';
import { memberPlanning } from './member-planning.js';
import { formatWallTime, zonedOf } from './time-zones.js';

// GET /schedule/suggestions (decision 0030): the weekday/hour pairs, in the member's time zone,
// at which their own published posts did best.

/** Fewer posts with analytics than this and the answer is the default list. */
export const MIN_POSTS_FOR_HISTORY = 10;
/** Only the last year counts: an audience changes. */
export const HISTORY_DAYS = 365;
/** The newest posts of that year at most: bounded work whatever the history. */
export const MAX_POSTS_CONSIDERED = 500;
const TOP = 5;

/** Without enough history: mid-week working-hour times, where published studies of LinkedIn engagement broadly agree. */
export const DEFAULT_TIMES: ReadonlyArray<{ day: Weekday; time: string }> = [
  { day: 'tuesday', time: '09:00' },
  { day: 'wednesday', time: '09:00' },
  { day: 'thursday', time: '09:00' },
  { day: 'tuesday', time: '12:00' },
  { day: 'wednesday', time: '12:00' },
];

export interface SuggestedTime {
  day: Weekday;
  time: string;
  /** How the posts at this time did against the member's own usual rate (1 = usual); null for the default list. */
  score: number | null;
}

export interface Suggestions {
  basis: 'history' | 'default';
  posts_considered: number;
  times: SuggestedTime[];
}

/** One weekday × hour of the picture behind the suggestion (`?detail=grid`): its posts and their score. */
export interface GridCell {
  day: Weekday;
  hour: number;
  posts: number;
  /** As a suggestion's score (1 = the member's usual rate); null while nothing was ever liked, commented or shared. */
  score: number | null;
}

interface Bucket {
  day: number;
  hour: number;
  posts: number;
  impressions: number;
  engagement: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const byDefault = (postsConsidered: number): Suggestions => ({
  basis: 'default',
  posts_considered: postsConsidered,
  times: DEFAULT_TIMES.map(({ day, time }) => ({ day, time, score: null })),
});

/**
 * The posts pooled per weekday/hour (in `timeZone`), each hour scored by its pooled engagement
 * rate — (likes + comments + shares) / impressions over the posts of that hour — against the
 * member's own rate over all of them. Each hour is pulled towards the member's rate by one
 * typical post (the median impressions) so that one lucky post does not top the list. Scores are
 * null when nothing was ever liked, commented or shared (no hour did better than another).
 */
function scoredHours(results: PublishedResult[], timeZone: string): Array<{ bucket: Bucket; score: number | null }> {
  const totalImpressions = results.reduce((sum, post) => sum + post.impressions, 0);
  const totalEngagement = results.reduce((sum, post) => sum + post.engagement, 0);
  const usualRate = totalImpressions > 0 ? totalEngagement / totalImpressions : 0;
  const prior = results.length > 0 ? median(results.map((post) => post.impressions)) : 0;
  const buckets = new Map<number, Bucket>();
  for (const post of results) {
    const zoned = zonedOf(post.publishedAt, timeZone);
    const key = zoned.dayOfWeek * 24 + zoned.hour;
    const bucket = buckets.get(key) ?? { day: zoned.dayOfWeek, hour: zoned.hour, posts: 0, impressions: 0, engagement: 0 };
    bucket.posts += 1;
    bucket.impressions += post.impressions;
    bucket.engagement += post.engagement;
    buckets.set(key, bucket);
  }
  return [...buckets.values()].map((bucket) => ({
    bucket,
    score: usualRate > 0 ? (bucket.engagement + usualRate * prior) / (bucket.impressions + prior) / usualRate : null,
  }));
}

const rounded = (score: number) => Math.round(score * 100) / 100;

/**
 * Ranks the weekday/hour pairs at which the posts were published by their score (scoredHours).
 * Ties: more posts first, then Monday first, then the earlier hour. Deterministic.
 */
export function rankPostingTimes(results: PublishedResult[], timeZone: string): Suggestions {
  if (results.length < MIN_POSTS_FOR_HISTORY) return byDefault(results.length);
  const hours = scoredHours(results, timeZone);
  // Nothing was ever liked, commented or shared: no time did better than another.
  if (hours.some(({ score }) => score === null)) return byDefault(results.length);
  const scored = hours as Array<{ bucket: Bucket; score: number }>;
  scored.sort((a, b) => b.score - a.score || b.bucket.posts - a.bucket.posts || a.bucket.day - b.bucket.day || a.bucket.hour - b.bucket.hour);
  return {
    basis: 'history',
    posts_considered: results.length,
    times: scored.slice(0, TOP).map(({ bucket, score }) => ({
      day: WEEKDAYS[bucket.day - 1] as Weekday,
      time: formatWallTime({ hour: bucket.hour, minute: 0 }),
      score: rounded(score),
    })),
  };
}

/** The weekday × hour picture behind the suggestion: every hour the posts were published at, Monday first, then by hour. */
export function postingGrid(results: PublishedResult[], timeZone: string): GridCell[] {
  return scoredHours(results, timeZone)
    .sort((a, b) => a.bucket.day - b.bucket.day || a.bucket.hour - b.bucket.hour)
    .map(({ bucket, score }) => ({ day: WEEKDAYS[bucket.day - 1] as Weekday, hour: bucket.hour, posts: bucket.posts, score: score === null ? null : rounded(score) }));
}

export interface SuggestionsInput {
  /** `grid`: add the weekday × hour picture (decision 0040). */
  detail?: 'grid';
}

/** GET /schedule/suggestions: from the member's published posts of the last year that have analytics. */
export async function suggestTimes(deps: Needs<'findMemberSettings' | 'publishedResults'>, memberId: string, now: Date, input: SuggestionsInput = {}) {
  const { timeZone } = await memberPlanning(deps, memberId);
  const since = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
  const results = await deps.repos.publishedResults(memberId, since, MAX_POSTS_CONSIDERED);
  const suggestions = rankPostingTimes(results, timeZone);
  return { suggestions: input.detail === 'grid' ? { ...suggestions, grid: postingGrid(results, timeZone) } : suggestions };
}
