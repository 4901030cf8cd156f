import { createHash } from 'node:crypto';
import type { PostMetrics } from '../network.js';

const seedOf = (urn: string): number => createHash('sha256').update(urn).digest().readUInt32BE(0);

/**
 * Stable synthetic analytics: the same post at the same age always has the same
 * numbers, and they only grow with age (10 % of the post's reach at once, the
 * rest over about a day), like a real feed.
 */
export function syntheticMetrics(urn: string, createdAt: Date, now = new Date()): PostMetrics {
  const seed = seedOf(urn);
  const reach = 200 + (seed % 4_800);
  const ageSeconds = Math.max(0, (now.getTime() - createdAt.getTime()) / 1000);
  const impressions = Math.floor(reach * (1 - 0.9 * Math.exp(-ageSeconds / 21_600)));
  const likeRate = 0.01 + ((seed >>> 8) % 40) / 1_000;
  const commentRate = 0.002 + ((seed >>> 16) % 8) / 1_000;
  const shareRate = 0.001 + ((seed >>> 24) % 4) / 1_000;
  return {
    impressions,
    membersReached: Math.floor(impressions * 0.7),
    likes: Math.floor(impressions * likeRate),
    comments: Math.floor(impressions * commentRate),
    shares: Math.floor(impressions * shareRate),
  };
}

export const addMetrics = (a: PostMetrics, b: PostMetrics): PostMetrics => ({
  impressions: a.impressions + b.impressions,
  membersReached: (a.membersReached ?? 0) + (b.membersReached ?? 0),
  likes: a.likes + b.likes,
  comments: a.comments + b.comments,
  shares: a.shares + b.shares,
});

export const ZERO_METRICS: PostMetrics = { impressions: 0, membersReached: 0, likes: 0, comments: 0, shares: 0 };
