import { createHash } from 'node:crypto';
import { IMAGE_SIZES } from './image-provider.js';

// Storage keys the API and the image service both need to know (decision 0006).

type Size = { width: number; height: number };

/** A fitted variant of an upload: the upload's own key with its size, so an upload's files follow from its key alone. */
export const uploadVariantKey = (sourceKey: string, size: Size): string => sourceKey.replace(/\.(png|jpg)$/, `-${size.width}x${size.height}.png`);

/** Every file an upload may have: the staged original and, for an image, its fitted variants. */
export const uploadFileKeys = (sourceKey: string): string[] => [sourceKey, ...(/\.(png|jpg)$/.test(sourceKey) ? IMAGE_SIZES.map((size) => uploadVariantKey(sourceKey, size)) : [])];

type PostRef = { memberId: string; id: string };

/** Where every overlay of a post is stored: `<member>/<post>/overlay-…`. */
const overlayFolder = (post: PostRef): string => `${post.memberId}/${post.id}/overlay-`;

/** The start of the keys of every overlay of one image and text (`overlayKeyOf` adds a number once earlier files of the pair were dropped). */
export function overlayKeyPrefix(post: PostRef, sourceKey: string, hook: string): string {
  const fingerprint = createHash('sha256').update(sourceKey).update('\u0000').update(hook).digest('hex').slice(0, 24);
  return `${overlayFolder(post)}${fingerprint}`;
}

/**
 * The storage key of a post's overlay: named by the image drawn over and the text
 * drawn, so the same pair is drawn (and stored) once and selecting it again reuses
 * the file. The API looks for it before asking the image service, which writes it.
 * A file a write took off the post is deleted and never shown again (decision 0027):
 * `dropped` lists those keys, and the pair's next file gets the next free number.
 */
export function overlayKeyOf(post: PostRef, sourceKey: string, hook: string, dropped: readonly string[] = []): string {
  const extension = /\.jpg$/i.test(sourceKey) ? 'jpg' : 'png';
  const prefix = overlayKeyPrefix(post, sourceKey, hook);
  for (let number = 0; ; number += 1) {
    const key = number === 0 ? `${prefix}.${extension}` : `${prefix}-${number}.${extension}`;
    if (!dropped.includes(key)) return key;
  }
}

/** What a post shows of its files: its image and its images' URLs (the images column as stored). */
export interface ShowsFiles extends PostRef {
  imageUrl: string | null;
  images: unknown;
}

/** The storage keys of the overlays a post shows (its own files: candidates are never among them). */
export function overlayKeysShownBy(post: ShowsFiles, keyFromUrl: (url: string) => string | null | undefined): Set<string> {
  const urls = [post.imageUrl, ...(Array.isArray(post.images) ? (post.images as Array<{ image_url?: unknown }>).map((image) => image?.image_url) : [])];
  const keys = new Set<string>();
  for (const url of urls) {
    const key = typeof url === 'string' ? keyFromUrl(url) : null;
    if (key?.startsWith(overlayFolder(post))) keys.add(key);
  }
  return keys;
}

/** The overlays a write puts on a post (`shown`) and those it takes off (`dropped`). */
export function overlayChanges(before: ShowsFiles, after: ShowsFiles, keyFromUrl: (url: string) => string | null | undefined): { shown: string[]; dropped: string[] } {
  const was = overlayKeysShownBy(before, keyFromUrl);
  const is = overlayKeysShownBy(after, keyFromUrl);
  return { shown: [...is].filter((key) => !was.has(key)), dropped: [...was].filter((key) => !is.has(key)) };
}
