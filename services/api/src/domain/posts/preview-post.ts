import { linkPreviewToWire, postMediaOf, postPollOf, type Post, type PostMedia, type PostPoll } from '@lps/db';
import { commentaryLength, composeCommentary, LINKEDIN_COMMENTARY_MAX, titleFromBody, type ComposedCommentary } from '@lps/network';
import type { Needs } from '../deps.js';
import { getOwnedPost } from './find-post.js';
import { nextLinkPreview } from './link-preview/link-preview-state.js';
import { assertPollAllowed } from './post-poll.js';

/**
 * Where LinkedIn folds a post behind "…see more" (decision 0032): after 3 rendered
 * lines on the web and in the apps alike, 2 when the third is blank — observed by
 * LinkedIn trainers, not documented by LinkedIn (UNSURE). How many characters make
 * a line depends on the reader's screen: the dashboard lays `text` out itself.
 */
export const FOLD = { lines: 3, lines_when_third_is_blank: 2 } as const;

type MediaItem = { kind: 'image' | 'document' | 'video'; url: string; alt_text: string | null; title: string | null };

/** The media LinkedIn shows under the text, as the publisher uploads it (`postMediaOf`). */
function mediaItems(post: Post, media: PostMedia): MediaItem[] {
  if (media.kind === 'none') return [];
  if (media.kind === 'video') return [{ kind: 'video', url: media.url, alt_text: null, title: null }];
  // The title LinkedIn shows on a document: the file's own name, else the post's first line (as publishing sends it).
  if (media.kind === 'document') return [{ kind: 'document', url: media.url, alt_text: null, title: media.title ?? titleFromBody(post.body) }];
  return media.images.map((image) => ({ kind: 'image', url: image.image_url, alt_text: image.alt_text, title: null }));
}

const formatted = (count: number) => count.toLocaleString('en-US');

function textWarnings(post: Post, composed: ComposedCommentary, characters: number): string[] {
  const warnings: string[] = [];
  if (!post.body?.trim()) warnings.push('The post has no text: publishing it would fail.');
  if (characters > LINKEDIN_COMMENTARY_MAX) {
    warnings.push(
      `The text is ${formatted(characters)} characters as LinkedIn counts them (each escaped character and each hashtag's markup included), over LinkedIn's ${formatted(LINKEDIN_COMMENTARY_MAX)}: shorten it by ${formatted(characters - LINKEDIN_COMMENTARY_MAX)}, or publishing will fail without sending it.`,
    );
  }
  warnings.push(...composed.notes);
  if (composed.mentions.length > 0) {
    warnings.push(
      "Mentions cannot be checked before publishing: LinkedIn offers no lookup of a person's URN with the member's token, so a wrong URN or name is only found out on LinkedIn; copy each mention from a trusted source.",
    );
  }
  return warnings;
}

function mediaWarnings(items: MediaItem[]): string[] {
  const images = items.filter((item) => item.kind === 'image');
  return images.flatMap((image, index) =>
    image.alt_text
      ? []
      : [`${images.length === 1 ? 'The image' : `Image ${index + 1} of ${images.length}`} has no alt text: screen readers will not describe it (set it with PATCH images).`],
  );
}

/** The card LinkedIn will show under the text, if any, and what keeps one from showing. */
function linkOf(post: Post, media: PostMedia, hasPoll: boolean, waitMs: number) {
  const card = linkPreviewToWire(post.linkPreview);
  if (!card) return { link: null, warnings: [] };
  const warnings: string[] = [];
  const crowdedOut = media.kind !== 'none' ? `the post has ${media.kind === 'image' ? 'images' : `a ${media.kind}`}` : hasPoll ? 'the post has a poll' : undefined;
  let shown = card.enabled && crowdedOut === undefined;
  if (card.enabled && crowdedOut) warnings.push(`The link card for ${card.url} will not be shown: LinkedIn takes one kind of content and ${crowdedOut}.`);
  if (shown && card.status === 'pending') {
    warnings.push(`The link card for ${card.url} is still being read; a card not read within ${waitMs / 1000} s of publishing is left out and the post goes out as plain text.`);
  } else if (shown && !card.title) {
    shown = false;
    warnings.push(
      `The page ${card.url} could not be read${card.note ? ` (${card.note})` : ''}: the post will go out without a link card; give the card a title (PATCH link_preview.title) to publish it anyway.`,
    );
  }
  const { url, status, title, description, image_url } = card;
  return { link: { url, status, title, description, image_url, shown }, warnings };
}

/** What POST /posts/{id}/preview proposes instead of what is saved: nothing is written. */
export interface ProposedContent {
  body?: string;
  /** A poll in place of the post's (null: without one). */
  poll?: PostPoll | null;
}

/**
 * The post as it would be with the proposed body and poll, as PATCH would leave it: a body whose
 * first link changed gets that link's card (still to be read), a poll makes the post a poll — and,
 * as PATCH, a poll beside media is refused (422 unprocessable).
 */
function asProposed(post: Post, proposed: ProposedContent): Post {
  let shown = post;
  // The columns hold JSON: the stored card and poll are JSON values as they are.
  const json = (value: object | null) => value as Post['linkPreview'];
  if (proposed.body !== undefined) shown = { ...shown, body: proposed.body, linkPreview: json(nextLinkPreview(post.linkPreview, proposed.body, undefined).stored) };
  if (proposed.poll) assertPollAllowed(post);
  if (proposed.poll !== undefined) {
    shown = proposed.poll ? { ...shown, poll: json(proposed.poll), format: 'poll' } : { ...shown, poll: null, format: shown.format === 'poll' ? 'text' : shown.format };
  }
  return shown;
}

/**
 * GET /posts/{id}/preview: the post exactly as LinkedIn will receive and show it
 * (decision 0032). `commentary` comes from `composeCommentary`, the function the
 * publisher sends it with, so it is byte for byte what LinkedIn receives;
 * `characters` counts it as LinkedIn counts it against `limit`; `text` is what
 * readers see, `fold` where LinkedIn folds it; `warnings` say in words what will
 * not come out as it looks (the limit, a tag that stays text, an image without alt
 * text, a link card that will not show, …). POST /posts/{id}/preview passes
 * `proposed`: the same answer for the text being typed, nothing saved.
 */
export async function previewPost(deps: Needs<'readOwnedPost', 'config'>, memberId: string, id: string, proposed: ProposedContent = {}) {
  const post = asProposed(await getOwnedPost(deps, memberId, id), proposed);
  const composed = composeCommentary(post.body ?? '');
  const characters = commentaryLength(composed.commentary);
  const media = postMediaOf(post);
  const items = mediaItems(post, media);
  const poll = postPollOf(post);
  const { link, warnings: linkWarnings } = linkOf(post, media, poll !== null, deps.config.storage.linkPreviewWaitMs);
  return {
    preview: {
      commentary: composed.commentary,
      characters,
      limit: LINKEDIN_COMMENTARY_MAX,
      over_limit: characters > LINKEDIN_COMMENTARY_MAX,
      text: composed.text,
      fold: FOLD,
      hashtags: composed.hashtags,
      mentions: composed.mentions,
      link,
      media: items,
      poll,
      warnings: [...textWarnings(post, composed, characters), ...mediaWarnings(items), ...linkWarnings],
    },
  };
}

export type WirePreview = Awaited<ReturnType<typeof previewPost>>['preview'];
