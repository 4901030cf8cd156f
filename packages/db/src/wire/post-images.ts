import type { Post } from '../generated/prisma/client.js';

/**
 * One image of a post, in publishing order (decision 0022). A type alias, not an
 * interface: stored as JSON in `posts.images`.
 */
export type PostImage = {
  image_url: string;
  /** What a screen reader says for it on LinkedIn (`altText`); null: none. */
  alt_text: string | null;
};

/** LinkedIn's MultiImage API: "minimum of 2 images and maximum of 20 images". */
export const POST_IMAGES_MAX = 20;
export const MULTI_IMAGE_MIN = 2;

/**
 * A post's images as the API shows and the publisher publishes them. `image_url`
 * is authoritative for the first: a row written before `images` existed, or by a
 * path that set only `image_url`, reads as that one image without alt text. A
 * document, text (or any other) post has none.
 */
export function postImagesOf(post: Pick<Post, 'images' | 'imageUrl' | 'format'>): PostImage[] {
  if (post.format !== 'image' || !post.imageUrl) return [];
  const stored = Array.isArray(post.images) ? (post.images as unknown as PostImage[]) : [];
  if (stored[0]?.image_url === post.imageUrl) return stored;
  return [{ image_url: post.imageUrl, alt_text: null }];
}
