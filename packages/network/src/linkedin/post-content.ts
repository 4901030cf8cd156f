import { NetworkError } from '../network-error.js';
import type { ArticleCard, PollDurationDays, PollRequest, PublishRequest, UploadedImage, UploadedMedia } from '../network.js';

/**
 * LinkedIn's limit on alt text (`content.media.altText`, multiImage images,
 * `article.thumbnailAltText`). Integrators quote 4086 characters from the Posts
 * API page; not seen on the page itself here (UNSURE, docs/linkedin/publishing.md).
 */
export const LINKEDIN_ALT_TEXT_MAX = 4086;
/** MultiImage API: "minimum of 2 images and maximum of 20 images". */
export const LINKEDIN_MULTI_IMAGE_MIN = 2;
export const LINKEDIN_MULTI_IMAGE_MAX = 20;
/** Poll API page: "a minimum of 2 poll options and a maximum of 4 poll options". */
export const LINKEDIN_POLL_OPTIONS_MIN = 2;
export const LINKEDIN_POLL_OPTIONS_MAX = 4;
/** Integrators quote 140 characters for the question and 30 for an option (UNSURE: not on LinkedIn's page here; decision 0033). */
export const LINKEDIN_POLL_QUESTION_MAX = 140;
export const LINKEDIN_POLL_OPTION_MAX = 30;
/** Poll API page: one day, three days, one week or two weeks. */
export const LINKEDIN_POLL_DURATIONS: Record<PollDurationDays, string> = { 1: 'ONE_DAY', 3: 'THREE_DAYS', 7: 'SEVEN_DAYS', 14: 'FOURTEEN_DAYS' };

const refuse = (message: string) => new NetworkError('permanent', message);

function altText(text: string | undefined, what: string): { altText: string } | Record<string, never> {
  if (text === undefined || text === '') return {};
  if (text.length > LINKEDIN_ALT_TEXT_MAX) throw refuse(`${what} has ${text.length} characters of alt text; LinkedIn takes at most ${LINKEDIN_ALT_TEXT_MAX}`);
  return { altText: text };
}

function media(medium: UploadedMedia) {
  const title = medium.kind === 'document' ? { title: medium.title ?? 'document.pdf' } : medium.title ? { title: medium.title } : {};
  return { media: { id: medium.urn, ...title, ...(medium.kind === 'image' ? altText(medium.altText, 'the image') : {}) } };
}

function multiImage(images: UploadedImage[]) {
  if (images.length < LINKEDIN_MULTI_IMAGE_MIN || images.length > LINKEDIN_MULTI_IMAGE_MAX) {
    throw refuse(`a multi-image post takes ${LINKEDIN_MULTI_IMAGE_MIN} to ${LINKEDIN_MULTI_IMAGE_MAX} images, not ${images.length}`);
  }
  return { multiImage: { images: images.map((image, index) => ({ id: image.urn, ...altText(image.altText, `image ${index + 1}`) })) } };
}

function tooLong(text: string, max: number, what: string): void {
  if (text.trim() === '') throw refuse(`${what} is empty`);
  if (text.length > max) throw refuse(`${what} has ${text.length} characters; LinkedIn takes at most ${max}`);
}

/**
 * LinkedIn's `content.poll` (Poll API page): options as `{text}`, one vote per
 * member (SINGLE_VOTE, the only selection type offered) and the author able to
 * see who voted (`isVoterVisibleToAuthor: false` is not supported).
 */
function poll(request: PollRequest) {
  const { question, options, durationDays } = request;
  if (options.length < LINKEDIN_POLL_OPTIONS_MIN || options.length > LINKEDIN_POLL_OPTIONS_MAX) {
    throw refuse(`a poll takes ${LINKEDIN_POLL_OPTIONS_MIN} to ${LINKEDIN_POLL_OPTIONS_MAX} options, not ${options.length}`);
  }
  tooLong(question, LINKEDIN_POLL_QUESTION_MAX, "the poll's question");
  options.forEach((option, index) => tooLong(option, LINKEDIN_POLL_OPTION_MAX, `poll option ${index + 1}`));
  const duration = LINKEDIN_POLL_DURATIONS[durationDays];
  if (!duration) throw refuse(`a poll lasts 1, 3, 7 or 14 days, not ${String(durationDays)}`);
  return {
    poll: {
      question,
      options: options.map((text) => ({ text })),
      settings: { duration, voteSelectionType: 'SINGLE_VOTE', isVoterVisibleToAuthor: true },
    },
  };
}

function article(card: ArticleCard) {
  const thumbnailAlt = card.thumbnail && card.thumbnailAltText ? altText(card.thumbnailAltText, "the link card's thumbnail") : {};
  return {
    article: {
      source: card.source,
      title: card.title,
      ...(card.description ? { description: card.description } : {}),
      ...(card.thumbnail ? { thumbnail: card.thumbnail } : {}),
      ...('altText' in thumbnailAlt ? { thumbnailAltText: thumbnailAlt.altText } : {}),
    },
  };
}

/**
 * The `content` of a Posts API create: one content type at most (Posts API page),
 * checked against LinkedIn's documented limits before any call, so a post that
 * LinkedIn would refuse is refused here without creating anything.
 */
export function postContent(request: PublishRequest): Record<string, unknown> | undefined {
  const kinds = [request.media, request.images, request.poll, request.article].filter((part) => part !== undefined);
  if (kinds.length > 1) throw refuse('a post carries one kind of content: one medium, several images, a poll (never with media), or a link card');
  if (request.media) return media(request.media);
  if (request.images) return multiImage(request.images);
  if (request.poll) return poll(request.poll);
  if (request.article) return article(request.article);
  return undefined;
}
