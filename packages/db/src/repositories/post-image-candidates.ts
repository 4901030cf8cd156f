import type { DbOrTx } from '../client.js';
import type { PostFormat, PostStatus } from '../generated/prisma/client.js';
import type { ImageCandidate } from '../wire/post.js';
import type { PostImage } from '../wire/post-images.js';

/** States from which a post may be scheduled, published or get images (docs/api.md); the API and the image service share the rule. */
export const READY_FOR_WORK: PostStatus[] = ['draft', 'draft_saved', 'approved', 'scheduled'];

/** The stored list as an array: a post without candidates holds NULL (or JSON null). */
const CURRENT_LIST = `(CASE WHEN jsonb_typeof(image_candidates) = 'array' THEN image_candidates ELSE '[]'::jsonb END)`;

/**
 * Appends candidates to a post and makes `imageUrl` its one image (with `images`,
 * its alt text: decision 0022; null for a document), in one statement
 * (raw SQL: Prisma cannot append to a JSON array): the state and the cap are checked
 * on the row as it is when the statement takes its lock, so concurrent uploads to one
 * post each add theirs in turn and none is lost, and the cap counts them all.
 * False when the post is gone, is not in one of `allowedFrom`, has a poll (which carries
 * no media: decision 0033), or would pass `max`.
 */
export async function appendImageCandidates(
  db: DbOrTx,
  postId: string,
  added: ImageCandidate[],
  post: { imageUrl: string; format: PostFormat; images: PostImage[] | null; allowedFrom: PostStatus[]; max: number },
): Promise<boolean> {
  const appended = await db.$executeRawUnsafe(
    `UPDATE posts
        SET image_candidates = ${CURRENT_LIST} || $2::jsonb, image_url = $3, format = $4::"PostFormat", images = $7::jsonb, updated_at = now()
      WHERE id = $1::uuid
        AND status = ANY($5::"PostStatus"[])
        AND format <> 'poll'::"PostFormat"
        AND jsonb_array_length(${CURRENT_LIST}) + jsonb_array_length($2::jsonb) <= $6`,
    postId,
    JSON.stringify(added),
    post.imageUrl,
    post.format,
    post.allowedFrom,
    post.max,
    post.images === null ? null : JSON.stringify(post.images),
  );
  return appended === 1;
}
