import type { Sql } from '../../client.js';
import { runPrepared } from '../run-prepared.js';

/**
 * Keeps the network's URN of one image uploaded for a claimed publication, by the
 * image's URL, so a retry uploads only the images that have none yet (decision
 * 0022; the one-medium counterpart is `recordPublishMedia`). Returns the row's new
 * version when nobody wrote the post since the claim; otherwise records the URN
 * all the same and returns undefined (the commit then re-reads the post).
 */
export async function recordPublishImage(sql: Sql, postId: string, claimedVersion: string, imageUrl: string, urn: string): Promise<string | undefined> {
  const set = `publish_image_urns = COALESCE(publish_image_urns, '{}'::jsonb) || jsonb_build_object($3::text, $4::text)`;
  const unchanged = await runPrepared<{ version: string }>(
    sql,
    'lps-record-publish-image',
    `UPDATE posts SET ${set} WHERE id = $1 AND xmin = $2::xid RETURNING xmin::text AS version`,
    [postId, claimedVersion, imageUrl, urn],
  );
  if (unchanged.rows[0]) return unchanged.rows[0].version;
  await runPrepared(sql, 'lps-record-publish-image-changed', `UPDATE posts SET ${set.replace('$3', '$2').replace('$4', '$3')} WHERE id = $1`, [postId, imageUrl, urn]);
  return undefined;
}

/** The URNs recorded so far for this publication's images, by image URL. */
export const publishImageUrnsOf = (column: unknown): Record<string, string> =>
  column && typeof column === 'object' && !Array.isArray(column) ? (column as Record<string, string>) : {};
