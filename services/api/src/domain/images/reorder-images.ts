import type { Post, PostImage } from '@lps/db';
import type { Needs } from '../deps.js';
import { assertEditable, READY_FOR_WORK } from '../posts/post-states.js';
import { altTextFor, assertDistinctImages, candidateFor } from './image-choices.js';
import { assertImagesAllowed } from './image-states.js';
import { saveImages } from './post-image-writes.js';

export interface ImageEdit {
  image_url: string;
  alt_text?: string | null;
}

/**
 * PATCH /posts/{id} `images`: the post's images in a new order, some removed, some
 * added from its candidates, alt text set or cleared (decision 0022). Nothing is
 * drawn. Written only if the images are still those read (else 409).
 */
export async function replaceImages(deps: Needs<'replacePostImages' | 'readOwnedPost', 'clients' | 'request'>, post: Post, edits: ImageEdit[]): Promise<Post> {
  const recheck = (current: Post) => {
    assertEditable(current);
    assertImagesAllowed(current, 'change the images of');
  };
  recheck(post);
  const candidates = edits.map((edit, index) => candidateFor(post, edit, `images.${index}`));
  assertDistinctImages(candidates, 'images');
  const images: PostImage[] = candidates.map((candidate, index) => ({ image_url: candidate.base_url, alt_text: altTextFor(post, edits[index] as ImageEdit, candidate) }));
  const first = images[0] as PostImage;
  return saveImages(deps, post, { imageUrl: first.image_url, format: 'image', images, approve: false }, { allowedFrom: READY_FOR_WORK, notWhilePublishing: true }, recheck);
}
