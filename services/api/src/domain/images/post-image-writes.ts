import type { Post, PostColumns, PostFormat, PostImage } from '@lps/db';

/** What a post's image becomes: its first image (or document), its format, and every image in order (null for a document). */
export interface PostImagesChange {
  imageUrl: string;
  format: PostFormat;
  images: PostImage[] | null;
  /** select-image: a draft_saved post becomes approved. */
  approve: boolean;
}

/**
 * The columns an images change writes on the post as it is now (decision 0022). Written by
 * `writePost` with the row locked (decision 0027): two changes of one post's images take turns,
 * each on the other's result, and the overlays one takes off are deleted after it commits.
 */
export function imagesColumns(post: Post, change: PostImagesChange): PostColumns {
  return {
    imageUrl: change.imageUrl,
    format: change.format,
    images: change.images,
    ...(change.approve && post.status === 'draft_saved' ? { status: 'approved' as const } : {}),
  };
}
