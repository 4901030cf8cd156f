import { NetworkError } from './network-error.js';

/**
 * LinkedIn's limit on a post's `commentary` (400 "ShareCommentary text length (N
 * characters) exceeded the maximum allowed (3000 characters)", as integrators
 * quote the answer).
 */
export const LINKEDIN_COMMENTARY_MAX = 3000;

/**
 * The commentary's length as LinkedIn counts it against that limit, as far as it
 * is known (decision 0032): UTF-16 code units — what a Java service's
 * `String.length()` gives, so an emoji outside the BMP counts 2 — of the
 * commentary as sent, its escaping backslashes and hashtag markup included.
 * Whether LinkedIn counts the escapes is UNSURE; counting them never lets a post
 * that LinkedIn could refuse through.
 */
export const commentaryLength = (commentary: string): number => commentary.length;

const formatted = (count: number) => count.toLocaleString('en-US');

/** Refuses, before any call, a commentary over the limit: LinkedIn would refuse it (or cut it) and nothing would be created. */
export function assertCommentaryFits(commentary: string): void {
  const length = commentaryLength(commentary);
  if (length <= LINKEDIN_COMMENTARY_MAX) return;
  throw new NetworkError(
    'permanent',
    `the post's text is ${formatted(length)} characters as LinkedIn counts them (each escaped character and each hashtag's markup included); LinkedIn takes at most ${formatted(LINKEDIN_COMMENTARY_MAX)}: shorten it by ${formatted(length - LINKEDIN_COMMENTARY_MAX)}`,
    { code: 'COMMENTARY_TOO_LONG' },
  );
}
