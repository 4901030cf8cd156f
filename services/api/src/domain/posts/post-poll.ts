import { unprocessable } from '@lps/common';
import { postMediaOf, type Post, type PostColumns, type PostMedia, type PostPoll } from '@lps/db';

const MEDIA_NAMES: Record<Exclude<PostMedia['kind'], 'none'>, string> = { image: 'an image', document: 'a document', video: 'a video' };

/**
 * A poll is the post's content on LinkedIn: it goes out alone, with no image,
 * document or video beside it (decision 0033). 422 unprocessable, saying why and
 * what to do, for a post that carries media.
 */
export function assertPollAllowed(post: Post): void {
  const media = postMediaOf(post);
  if (media.kind === 'none') return;
  const what = MEDIA_NAMES[media.kind];
  throw unprocessable(`the post has ${what}; a LinkedIn poll is published without an image, document or video: make the poll a post of its own`, {
    poll: `a post with ${what} cannot have a poll`,
  });
}

/**
 * The columns a PATCH's `poll` sets, decided on the post as it is in the write's turn
 * (decision 0027; assertPollAllowed was checked on it): a poll makes the post a poll post,
 * null takes one off (a post without a poll is left as it is). Nothing asked: none.
 */
export function pollColumns(post: Post, poll: PostPoll | null | undefined): PostColumns {
  if (poll === undefined) return {};
  if (poll !== null) return { poll, format: 'poll' };
  if (post.format === 'poll') return { poll: null, format: 'text' };
  return {};
}
