import { validationError } from '@lps/common';
import { signToken, verifyToken, type Keyring } from '@lps/crypto';
import type { AnalyticsSort, SortOrder, SortPosition } from '@lps/db';
import type { Needs } from '../deps.js';
import { analyticsAvailability, countsIfMeasured } from './availability.js';
import type { AnalyticsPeriod } from './summary.js';

export interface PublishedPostsInput {
  /** Defaulted by the schema: 28, published_at, desc, 20. */
  days: AnalyticsPeriod;
  sort: AnalyticsSort;
  order: SortOrder;
  limit: number;
  cursor?: string;
}

const DAY_MS = 86_400_000;

interface CursorPayload {
  s: AnalyticsSort;
  o: SortOrder;
  d: number;
  v: number | string;
  i: string;
}

/** Signed like every cursor here; it also names the sort, order and period it belongs to, so it cannot page another listing. */
const encode = (keyring: Keyring, input: PublishedPostsInput, position: SortPosition): string =>
  signToken(
    { s: input.sort, o: input.order, d: input.days, v: position.value instanceof Date ? position.value.toISOString() : position.value, i: position.id } satisfies CursorPayload,
    keyring.deriveKey('cursor'),
  );

function decode(keyring: Keyring, input: PublishedPostsInput, cursor: string): SortPosition {
  const payload = verifyToken<Partial<CursorPayload>>(cursor, keyring.deriveKey('cursor'));
  const sameListing = payload?.s === input.sort && payload.o === input.order && payload.d === input.days && typeof payload.i === 'string';
  const value = input.sort === 'published_at' ? (typeof payload?.v === 'string' ? new Date(payload.v) : undefined) : typeof payload?.v === 'number' ? payload.v : undefined;
  if (!sameListing || value === undefined || (value instanceof Date && Number.isNaN(value.getTime()))) {
    throw validationError({ cursor: 'unknown or tampered cursor, or one of another sort, order or period; pass back page.next_cursor with the same query' });
  }
  return { value, id: payload.i as string };
}

/**
 * GET /analytics/posts (decision 0040): the member's posts published in the last `days`, sorted by
 * publication, impressions or engagement rate, with their newest numbers and when those were read.
 * Without an analytics grant the posts are listed and their numbers are null.
 */
export async function listPublishedPosts(
  deps: Needs<'readPublishedNumbers' | 'findNetworkConnection' | 'findAnalyticsConnection', 'config' | 'keyring'>,
  memberId: string,
  input: PublishedPostsInput,
  now: Date,
) {
  const after = input.cursor ? decode(deps.keyring, input, input.cursor) : undefined;
  const since = new Date(now.getTime() - input.days * DAY_MS);
  const [availability, page] = await Promise.all([
    analyticsAvailability(deps, memberId, now),
    deps.repos.readPublishedNumbers(memberId, { since, sort: input.sort, order: input.order, limit: input.limit, after }),
  ]);
  const measured = availability.available;
  return {
    data: page.items.map((post) => ({
      post_id: post.postId,
      title: post.title,
      published_at: post.publishedAt.toISOString(),
      network_url: post.networkUrl,
      ...countsIfMeasured(measured, post),
      engagement_rate: measured ? post.engagementRate : null,
      refreshed_at: measured ? (post.refreshedAt?.toISOString() ?? null) : null,
    })),
    page: { next_cursor: page.next ? encode(deps.keyring, input, page.next) : null, has_more: page.next !== null },
  };
}
