import { unprocessable } from '@lps/common';
import { imageCandidatesOf, postImagesOf, type ImageCandidate, type Post } from '@lps/db';
import { LINKEDIN_ALT_TEXT_MAX } from '@lps/network';

/** One image asked for: a candidate by index, or a candidate, upload or current image by URL; with or without alt text. */
export interface ImageChoice {
  image_url?: string;
  image_index?: number;
  /** undefined: the image's own; null or "": none. */
  alt_text?: string | null;
}

/**
 * The candidate a choice names. The post's current images (an earlier overlay, say)
 * may be chosen again by URL, with what the post knows of them.
 */
export function candidateFor(post: Post, choice: ImageChoice, field: string): ImageCandidate {
  const candidates = imageCandidatesOf(post.imageCandidates);
  if (choice.image_index !== undefined) {
    const candidate = candidates[choice.image_index];
    if (!candidate) throw unprocessable(`image_index ${choice.image_index} is out of range; the post has ${candidates.length} candidates`, { [field]: 'out of range' });
    return candidate;
  }
  const byUrl = candidates.find((candidate) => candidate.base_url === choice.image_url);
  if (byUrl) return byUrl;
  const current = postImagesOf(post).find((image) => image.image_url === choice.image_url);
  if (current) return { base_url: current.image_url, width: null, height: null, kind: 'image', source: 'generated' };
  if (choice.image_url && choice.image_url === post.imageUrl) {
    return { base_url: post.imageUrl, width: null, height: null, kind: post.format === 'document' || post.format === 'video' ? post.format : 'image', source: 'generated' };
  }
  throw unprocessable("image_url is not one of this post's candidates, uploads or images", { [field]: 'unknown to this post' });
}

const bounded = (text: string): string => (text.length > LINKEDIN_ALT_TEXT_MAX ? `${text.slice(0, LINKEDIN_ALT_TEXT_MAX - 1)}…` : text);

/**
 * The alt text an image is published with (decision 0022): the member's, when the
 * choice gives one ("" or null: none); else what the post already had for it; else
 * the candidate's own (a design's words, an upload's alt text). An overlay adds
 * words to the picture, so a screen reader is told them too.
 */
export function altTextFor(post: Post, choice: ImageChoice, candidate: ImageCandidate, overlayWords?: string): string | null {
  if (choice.alt_text !== undefined) return choice.alt_text || null;
  const own = postImagesOf(post).find((image) => image.image_url === candidate.base_url)?.alt_text ?? candidate.alt_text ?? null;
  if (!overlayWords) return own;
  return bounded(own ? `${own}, with the words “${overlayWords}” over it` : `Image with the words “${overlayWords}”`);
}

/** Several images are images, each once: LinkedIn shows no document or video in a multi-image post, and one picture twice is a mistake. */
export function assertDistinctImages(candidates: ImageCandidate[], field: string): void {
  const seen = new Set<string>();
  for (const [index, candidate] of candidates.entries()) {
    if (candidate.kind !== 'image') throw unprocessable(`a ${candidate.kind} cannot be one of several images`, { [`${field}.${index}`]: `is a ${candidate.kind}` });
    if (seen.has(candidate.base_url)) throw unprocessable('each image may appear once', { [`${field}.${index}`]: 'already chosen' });
    seen.add(candidate.base_url);
  }
}
