import type { Sql } from '../../client.js';
import { runPrepared } from '../run-prepared.js';

/**
 * Keeps the network's URN of the media uploaded for a claimed publication, so a
 * retry reuses it (docs/decisions/0005). Returns the row's new version when
 * nobody wrote the post since the claim (the commit's one-statement path stays
 * open); otherwise records the URN all the same and returns undefined (the
 * commit then re-reads the post).
 */
export async function recordPublishMedia(sql: Sql, postId: string, claimedVersion: string, urn: string): Promise<string | undefined> {
  const unchanged = await runPrepared<{ version: string }>(
    sql,
    'lps-record-publish-media',
    'UPDATE posts SET publish_media_urn = $3 WHERE id = $1 AND xmin = $2::xid RETURNING xmin::text AS version',
    [postId, claimedVersion, urn],
  );
  if (unchanged.rows[0]) return unchanged.rows[0].version;
  await runPrepared(sql, 'lps-record-publish-media-changed', 'UPDATE posts SET publish_media_urn = $2 WHERE id = $1', [postId, urn]);
  return undefined;
}
