import { createHash } from 'node:crypto';
import { IMAGE_SIZES } from './image-provider.js';

// Storage keys the API and the image service both need to know (decision 0006).

type Size = { width: number; height: number };

/** A fitted variant of an upload: the upload's own key with its size, so an upload's files follow from its key alone. */
export const uploadVariantKey = (sourceKey: string, size: Size): string => sourceKey.replace(/\.(png|jpg)$/, `-${size.width}x${size.height}.png`);

/** Every file an upload may have: the staged original and, for an image, its fitted variants. */
export const uploadFileKeys = (sourceKey: string): string[] => [sourceKey, ...(/\.(png|jpg)$/.test(sourceKey) ? IMAGE_SIZES.map((size) => uploadVariantKey(sourceKey, size)) : [])];

/**
 * The storage key of a post's overlay: named by the image drawn over and the text
 * drawn, so the same pair is drawn (and stored) once and selecting it again reuses
 * the file. The API looks for it before asking the image service, which writes it.
 */
export function overlayKeyOf(post: { memberId: string; id: string }, sourceKey: string, hook: string): string {
  const extension = /\.jpg$/i.test(sourceKey) ? 'jpg' : 'png';
  const fingerprint = createHash('sha256').update(sourceKey).update('\u0000').update(hook).digest('hex').slice(0, 24);
  return `${post.memberId}/${post.id}/overlay-${fingerprint}.${extension}`;
}
