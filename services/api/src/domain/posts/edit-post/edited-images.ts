import type { Post, PostColumns, PostImage } from '@lps/db';
import { altTextFor, assertDistinctImages, candidateFor } from '../../images/image-choices.js';
import { assertImagesAllowed } from '../post-states.js';
import { imagesColumns } from '../../images/post-image-writes.js';

export interface ImageEdit {
  image_url: string;
  alt_text?: string | null;
}

/**
 * PATCH /posts/{id} `images`: the post's images in a new order, some removed, some
 * added from its candidates, alt text set or cleared (decision 0022). Nothing is
 * drawn. Decided on the post as it is when the write's turn comes (decision 0027):
 * 409 for its state, 422 for an image it does not have.
 */
export function editedImages(post: Post, edits: ImageEdit[]): PostColumns {
  assertImagesAllowed(post, 'change the images of');
  const candidates = edits.map((edit, index) => candidateFor(post, edit, `images.${index}`));
  assertDistinctImages(candidates, 'images');
  const images: PostImage[] = candidates.map((candidate, index) => ({ image_url: candidate.base_url, alt_text: altTextFor(post, edits[index] as ImageEdit, candidate) }));
  const first = images[0] as PostImage;
  return imagesColumns(post, { imageUrl: first.image_url, format: 'image', images, approve: false });
}
