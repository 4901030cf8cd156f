import { mediaStatusOf, type FakeLinkedInState } from './fake-state.js';

/**
 * The `content` of a Posts API create, checked as LinkedIn's pages describe it.
 * Each rule quotes its page; what no page confirmed is marked UNSURE and kept
 * lenient or named after the nearest documented code.
 *
 * - Posts API ("Post Schema", content types table): a post carries at most one
 *   content type — media (image, video, document), multiImage, article, …
 * - Posts API, Media: `content.media.id` is an image, video or document URN;
 *   `title` is shown on documents and videos; `altText` is "alternate text for
 *   the media" — its limit, 4086 characters, is what integrators quote from the
 *   page (UNSURE: not seen on the page itself here).
 * - MultiImage API: "A MultiImage post is a post containing multiple images
 *   (minimum of 2 images and maximum of 20 images)", each `{id, altText}`;
 *   "Please ensure that all images being used are owned by the author": an image
 *   another member uploaded is refused (403 ACCESS_DENIED: UNSURE of the code).
 *   `altText` is a string (400 otherwise: UNSURE of the code).
 * - Article (Posts API "Article" and the Article Post API page): "Posts API does
 *   not support URL scraping for article post creation … API partners need to set
 *   article fields such as thumbnail, title and description". `source` (the URL)
 *   and `title` are required (UNSURE for title: integrators always send it);
 *   `description`, `thumbnail` (an image URN) and `thumbnailAltText` optional.
 * - Poll API page: a poll is created through the Posts API as `content.poll`
 *   `{question, options: [{text}], settings: {duration, voteSelectionType,
 *   isVoterVisibleToAuthor}}`; "a minimum of 2 poll options and a maximum of 4";
 *   duration ONE_DAY, THREE_DAYS, SEVEN_DAYS or FOURTEEN_DAYS; "updating poll
 *   content is not allowed". A poll is one content type, so a poll beside media is
 *   refused like any two types. From integrators' clients (UNSURE): SINGLE_VOTE is
 *   the only selection type (MULTIPLE_VOTE "to be supported later"),
 *   `isVoterVisibleToAuthor: false` is refused, the question takes 140 characters
 *   and an option 30; the codes of these refusals are not documented (400 here).
 *   Nothing is said of two identical options: they are accepted.
 * - A post naming media that is not AVAILABLE is refused and nothing is created
 *   (MEDIA_ASSET_WAITING_UPLOAD / MEDIA_ASSET_PROCESSING as before;
 *   MEDIA_ASSET_PROCESSING_FAILED for failed media: UNSURE of the exact code).
 */

export const ALT_TEXT_MAX = 4086;
export const MULTI_IMAGE_MIN = 2;
export const MULTI_IMAGE_MAX = 20;
export const POLL_QUESTION_MAX = 140;
export const POLL_OPTION_MAX = 30;
const POLL_DURATIONS = ['ONE_DAY', 'THREE_DAYS', 'SEVEN_DAYS', 'FOURTEEN_DAYS'];
const CONTENT_TYPES = ['media', 'multiImage', 'article', 'poll', 'celebration', 'carousel'];

/** [status, code, message] of LinkedIn's refusal; undefined when the content may be published. */
export type ContentProblem = [number, string, string];

interface MediaRef {
  id?: unknown;
  altText?: unknown;
  title?: unknown;
}

interface ArticleRef {
  source?: unknown;
  title?: unknown;
  description?: unknown;
  thumbnail?: unknown;
  thumbnailAltText?: unknown;
}

interface PollRef {
  question?: unknown;
  options?: unknown;
  settings?: { duration?: unknown; voteSelectionType?: unknown; isVoterVisibleToAuthor?: unknown };
}

export interface PostContent {
  media?: MediaRef;
  multiImage?: { images?: unknown };
  article?: ArticleRef;
  poll?: PollRef;
}

const tooLong = (path: string, value: unknown): ContentProblem | undefined => {
  if (value !== undefined && typeof value !== 'string') return [400, 'INVALID_FIELD_TYPE', `${path} :: must be a string`];
  return typeof value === 'string' && value.length > ALT_TEXT_MAX ? [400, 'FIELD_LENGTH_TOO_LONG', `${path} :: length exceeds ${ALT_TEXT_MAX}`] : undefined;
};

/** Why a post may not use this media (yet), as LinkedIn words it. */
export function mediaProblem(state: FakeLinkedInState, mediaId: unknown, path: string, kinds: string[]): ContentProblem | undefined {
  const asset = typeof mediaId === 'string' ? state.assets.get(mediaId) : undefined;
  if (!asset || !kinds.includes(asset.kind)) return [400, 'INVALID_MEDIA', `${path} :: unknown media ${String(mediaId)}`];
  const status = mediaStatusOf(asset);
  if (status === 'WAITING_UPLOAD') return [422, 'MEDIA_ASSET_WAITING_UPLOAD', `Media ${asset.urn} is waiting for upload`];
  if (status === 'PROCESSING') return [422, 'MEDIA_ASSET_PROCESSING', `Media ${asset.urn} is still PROCESSING`];
  if (status === 'PROCESSING_FAILED') return [422, 'MEDIA_ASSET_PROCESSING_FAILED', `Media ${asset.urn} failed processing: ${asset.failure}`];
  return undefined;
}

function multiImageProblem(state: FakeLinkedInState, images: unknown, author: string | undefined): ContentProblem | undefined {
  if (!Array.isArray(images) || images.length < MULTI_IMAGE_MIN || images.length > MULTI_IMAGE_MAX) {
    return [400, 'INVALID_CONTENT', `/content/multiImage/images :: a MultiImage post needs ${MULTI_IMAGE_MIN} to ${MULTI_IMAGE_MAX} images`];
  }
  for (const [index, image] of (images as MediaRef[]).entries()) {
    const path = `/content/multiImage/images/${index}`;
    const asset = typeof image?.id === 'string' ? state.assets.get(image.id) : undefined;
    if (asset && author !== undefined && asset.owner !== author) return [403, 'ACCESS_DENIED', `${path}/id :: ${asset.urn} is not owned by ${author}`];
    const problem = tooLong(`${path}/altText`, image?.altText) ?? mediaProblem(state, image?.id, `${path}/id`, ['image']);
    if (problem) return problem;
  }
  return undefined;
}

function articleProblem(state: FakeLinkedInState, article: ArticleRef): ContentProblem | undefined {
  let source: URL | undefined;
  try {
    source = typeof article.source === 'string' ? new URL(article.source) : undefined;
  } catch {
    source = undefined;
  }
  if (!source || !/^https?:$/.test(source.protocol)) return [400, 'INVALID_URL', '/content/article/source :: a valid http(s) URL is required'];
  if (typeof article.title !== 'string' || article.title.trim() === '') return [400, 'MISSING_FIELD', '/content/article/title :: required'];
  if (article.thumbnail !== undefined) {
    const problem = tooLong('/content/article/thumbnailAltText', article.thumbnailAltText) ?? mediaProblem(state, article.thumbnail, '/content/article/thumbnail', ['image']);
    if (problem) return problem;
  }
  return undefined;
}

function pollTextProblem(path: string, value: unknown, max: number): ContentProblem | undefined {
  if (typeof value !== 'string' || value.trim() === '') return [400, 'MISSING_FIELD', `${path} :: a non-empty string is required`];
  return value.length > max ? [400, 'FIELD_LENGTH_TOO_LONG', `${path} :: length exceeds ${max}`] : undefined;
}

function pollProblem(poll: PollRef): ContentProblem | undefined {
  const question = pollTextProblem('/content/poll/question', poll.question, POLL_QUESTION_MAX);
  if (question) return question;
  const { options, settings } = poll;
  if (!Array.isArray(options) || options.length < 2 || options.length > 4) return [400, 'INVALID_CONTENT', '/content/poll/options :: a poll has 2 to 4 options'];
  for (const [index, option] of (options as { text?: unknown }[]).entries()) {
    const problem = pollTextProblem(`/content/poll/options/${index}/text`, option?.text, POLL_OPTION_MAX);
    if (problem) return problem;
  }
  if (!POLL_DURATIONS.includes(settings?.duration as string)) return [400, 'INVALID_FIELD_VALUE', `/content/poll/settings/duration :: one of ${POLL_DURATIONS.join(', ')}`];
  if (settings?.voteSelectionType !== undefined && settings.voteSelectionType !== 'SINGLE_VOTE') {
    return [400, 'INVALID_FIELD_VALUE', '/content/poll/settings/voteSelectionType :: only SINGLE_VOTE is supported'];
  }
  if (settings?.isVoterVisibleToAuthor === false) return [400, 'INVALID_FIELD_VALUE', '/content/poll/settings/isVoterVisibleToAuthor :: false is not supported'];
  return undefined;
}

/** Checks a create's `content` (absent: a text post) for a post by `author`. */
export function contentProblem(state: FakeLinkedInState, content: PostContent | undefined, author?: string): ContentProblem | undefined {
  if (content === undefined || content === null) return undefined;
  const present = CONTENT_TYPES.filter((type) => (content as Record<string, unknown>)[type] !== undefined);
  if (present.length !== 1) return [400, 'INVALID_CONTENT', `/content :: exactly one content type is allowed, got ${present.join(', ') || 'none'}`];
  if (content.media) {
    return tooLong('/content/media/altText', content.media.altText) ?? mediaProblem(state, content.media.id, '/content/media/id', ['image', 'document', 'video']);
  }
  if (content.multiImage) return multiImageProblem(state, content.multiImage.images, author);
  if (content.article) return articleProblem(state, content.article);
  if (content.poll) return pollProblem(content.poll);
  return [400, 'UNSUPPORTED_CONTENT', `/content :: ${present[0]} is not supported by this fake`];
}
