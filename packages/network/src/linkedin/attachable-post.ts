import { postUrl } from '../network.js';
import { LINKEDIN_CLOCK_SKEW_MS, linkedInPostCreatedAt } from './post-urn-time.js';

/**
 * The URNs of a post on LinkedIn that analytics can be read for (the Posts API's
 * x-restli-id, and what a "duplicate of" answer names): `urn:li:share:<id>` or
 * `urn:li:ugcPost:<id>`. An `urn:li:activity:` from a feed URL names the feed
 * activity, which memberCreatorPostAnalytics does not take.
 */
export const LINKEDIN_POST_URN = /^urn:li:(?:share|ugcPost):[1-9]\d{0,18}$/;

export type AttachablePost = { url: string; publishedAt: Date } | { problem: string };

/**
 * Whether a member may say "this post of mine is `urn` on LinkedIn" (decision
 * 0017): a post URN whose creation time, when it carries one, is neither before
 * the post existed here nor in the future. Published at that time, else now.
 */
export function attachablePost(urn: string, postCreatedAt: Date, now = new Date()): AttachablePost {
  if (!LINKEDIN_POST_URN.test(urn)) return { problem: 'network_post_urn must be a LinkedIn post URN: urn:li:share:<id> or urn:li:ugcPost:<id>' };
  const createdAt = linkedInPostCreatedAt(urn);
  if (createdAt && createdAt.getTime() < postCreatedAt.getTime() - LINKEDIN_CLOCK_SKEW_MS) {
    return { problem: `${urn} was created on LinkedIn at ${createdAt.toISOString()}, before this post existed (${postCreatedAt.toISOString()})` };
  }
  if (createdAt && createdAt.getTime() > now.getTime() + LINKEDIN_CLOCK_SKEW_MS) return { problem: `${urn} carries a creation time in the future (${createdAt.toISOString()})` };
  return { url: postUrl(urn), publishedAt: createdAt ?? now };
}
