import type { Post } from '../generated/prisma/client.js';
import { imageCandidatesOf } from './post.js';
import { postImagesOf, type PostImage } from './post-images.js';

/**
 * What a post carries on the network besides its text: nothing, one video, one
 * document, or 1–20 images (2 or more go out as one multi-image post). A poll is
 * not media: a post with a poll has none (decision 0033). The publisher uploads
 * exactly this and the preview shows exactly this.
 */
export type PostMedia =
  | { kind: 'none' }
  | { kind: 'video'; url: string }
  /** `title`: the uploaded file's own name, when it had one (the publisher falls back to the body's first line). */
  | { kind: 'document'; url: string; title: string | null }
  | { kind: 'image'; images: PostImage[] };

export function postMediaOf(post: Pick<Post, 'images' | 'imageUrl' | 'format' | 'imageCandidates'>): PostMedia {
  const url = post.imageUrl;
  if (!url || post.format === 'text' || post.format === 'poll') return { kind: 'none' };
  if (post.format === 'video') return { kind: 'video', url };
  if (post.format === 'document') return { kind: 'document', url, title: imageCandidatesOf(post.imageCandidates).find((candidate) => candidate.base_url === url)?.title ?? null };
  return { kind: 'image', images: postImagesOf(post) };
}
