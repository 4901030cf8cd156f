import { NetworkError } from '../network-error.js';
import type { ArticleCard, PublishRequest, UploadedImage, UploadedMedia } from '../network.js';

/**
 * LinkedIn's limit on alt text (`content.media.altText`, multiImage images,
 * `article.thumbnailAltText`). Integrators quote 4086 characters from the Posts
 * API page; not seen on the page itself here (UNSURE, docs/linkedin/publishing.md).
 */
export const LINKEDIN_ALT_TEXT_MAX = 4086;
/** MultiImage API: "minimum of 2 images and maximum of 20 images". */
export const LINKEDIN_MULTI_IMAGE_MIN = 2;
export const LINKEDIN_MULTI_IMAGE_MAX = 20;

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
  const kinds = [request.media, request.images, request.article].filter((part) => part !== undefined);
  if (kinds.length > 1) throw refuse('a post carries one kind of content: one medium, several images, or a link card');
  if (request.media) return media(request.media);
  if (request.images) return multiImage(request.images);
  if (request.article) return article(request.article);
  return undefined;
}
