import { conflict } from '@lps/common';
import { postImagesOf, type Post, type PostImagesChange, type PostImagesRule } from '@lps/db';
import type { Needs } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';

/** Does the post show exactly what the change asks for? */
function alreadyShows(post: Post, change: PostImagesChange): boolean {
  if (post.imageUrl !== change.imageUrl || post.format !== change.format) return false;
  if (change.approve && post.status === 'draft_saved') return false;
  const shown = postImagesOf(post);
  const asked = change.images ?? [];
  // Field by field: jsonb keeps an object's keys in an order of its own.
  return shown.length === asked.length && shown.every((image, index) => image.image_url === asked[index]?.image_url && image.alt_text === asked[index]?.alt_text);
}

/**
 * Writes a post's images if they are still those the request read (decision 0022).
 * When another request changed them first: the post's state is checked again (404,
 * 409 as usual); a post that already shows exactly this change answers as if this
 * request had written it (twenty identical selects all succeed); anything else is
 * 409, so no member's change is ever replaced without their knowing.
 */
export async function saveImages(
  deps: Needs<'replacePostImages' | 'readOwnedPost', 'clients' | 'request'>,
  seen: Post,
  change: PostImagesChange,
  rule: PostImagesRule,
  recheck: (post: Post) => void,
): Promise<Post> {
  const updated = await deps.repos.replacePostImages(seen.id, seen, change, rule);
  if (updated) {
    await forgetReplacedOverlays(deps, seen, updated);
    return updated;
  }
  const now = await getOwnedPost(deps, seen.memberId, seen.id);
  recheck(now);
  if (alreadyShows(now, change)) return now;
  throw conflict("the post's images were changed by another request meanwhile; read the post again and repeat the change if it still applies");
}

/**
 * Overlays are made for one post's image and nothing else points at them: those the
 * post no longer shows go (the compare-and-set proved `before` was the post's list).
 */
async function forgetReplacedOverlays({ clients, request }: Needs<never, 'clients' | 'request'>, before: Post, after: Post): Promise<void> {
  const kept = new Set(
    postImagesOf(after)
      .map((image) => image.image_url)
      .concat(after.imageUrl ?? []),
  );
  const previous = new Set(
    postImagesOf(before)
      .map((image) => image.image_url)
      .concat(before.imageUrl ?? []),
  );
  for (const url of previous) {
    const key = clients.storage.keyFromUrl(url);
    if (kept.has(url) || !key || !key.startsWith(`${before.memberId}/${before.id}/overlay-`)) continue;
    await clients.storage.delete(key).catch((error: Error) => request.log.warn('a replaced overlay could not be deleted', { key, error: error.message }));
  }
}
