import type { Sql } from '../client.js';
import type { Post, PostFormat, PostStatus } from '../generated/prisma/client.js';
import { runPrepared } from '../run-prepared.js';
import type { PostImage } from '../wire/post-images.js';
import { postFromRow, type PostRow } from './post-row.js';

/** What a post's image becomes: its first image (or document), its format, and every image in order (null for a document). */
export interface PostImagesChange {
  imageUrl: string;
  format: PostFormat;
  images: PostImage[] | null;
  /** select-image: a draft_saved post becomes approved. */
  approve: boolean;
}

/** Which posts may change: their states, and whether a publication in flight refuses the change (PATCH). */
export interface PostImagesRule {
  allowedFrom: PostStatus[];
  notWhilePublishing: boolean;
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Compare-and-set of a post's images (decision 0022): written only if the image,
 * format and image list are still those the caller read and decided from. Two
 * requests that change one post's images at the same moment cannot both win: the
 * second finds the row changed and gets null (the API answers 409, or 200 when the
 * post already shows exactly what it asked for), so neither change is lost unseen.
 * Other columns (body, candidates appended by the image service) do not conflict.
 */
export async function replacePostImages(
  sql: Sql,
  postId: string,
  seen: Pick<Post, 'imageUrl' | 'format' | 'images'>,
  next: PostImagesChange,
  rule: PostImagesRule,
): Promise<Post | null> {
  const result = await runPrepared<PostRow>(
    sql,
    'lps-replace-post-images',
    `UPDATE posts
        SET image_url = $2, format = $3::"PostFormat", images = $4::jsonb,
            status = CASE WHEN $5::boolean AND status = 'draft_saved' THEN 'approved'::"PostStatus" ELSE status END,
            updated_at = now()
      WHERE id = $1::uuid
        AND status = ANY($6::"PostStatus"[])
        AND (NOT $7::boolean OR publish_requested_at IS NULL)
        AND image_url IS NOT DISTINCT FROM $8
        AND format = $9::"PostFormat"
        AND images IS NOT DISTINCT FROM $10::jsonb
      RETURNING *`,
    [postId, next.imageUrl, next.format, json(next.images), next.approve, rule.allowedFrom, rule.notWhilePublishing, seen.imageUrl, seen.format, json(seen.images)],
  );
  const row = result.rows[0];
  return row ? postFromRow(row) : null;
}
