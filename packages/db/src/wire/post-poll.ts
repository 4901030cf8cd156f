import type { Post } from '../generated/prisma/client.js';

/** How long a poll takes votes, in days (LinkedIn's ONE_DAY, THREE_DAYS, SEVEN_DAYS, FOURTEEN_DAYS). */
export const POLL_DURATION_DAYS = [1, 3, 7, 14] as const;
export type PollDays = (typeof POLL_DURATION_DAYS)[number];

/**
 * A post's poll (decision 0033), as stored in `posts.poll` and as the API shows
 * it. A type alias, not an interface: stored as JSON.
 */
export type PostPoll = {
  question: string;
  /** 2–4, in the order voters see them. */
  options: string[];
  duration_days: PollDays;
};

/**
 * The post's poll; null when it has none. A poll is the post's content: only a
 * post whose format is `poll` has one (the column of any other reads as none).
 */
export function postPollOf(post: Pick<Post, 'poll' | 'format'>): PostPoll | null {
  if (post.format !== 'poll' || !post.poll || typeof post.poll !== 'object' || Array.isArray(post.poll)) return null;
  const poll = post.poll as unknown as PostPoll;
  return { question: poll.question, options: [...poll.options], duration_days: poll.duration_days };
}
