import type { Sql } from '../client.js';
import { runPrepared } from './run-prepared.js';
import type { LinkPage } from '../wire/link-preview.js';

// A post's link card (decision 0017), in plain SQL: the page a fetch read is written
// into `link_preview.page` only while the card still belongs to that fetch's request.

/**
 * The research worker's answer for one link: written only if the post still has
 * that link (same request id). False when the post is gone or its link changed
 * meanwhile (a newer request reads the new page).
 */
export async function recordLinkPage(sql: Sql, postId: string, requestId: string, page: LinkPage): Promise<boolean> {
  const result = await runPrepared(
    sql,
    'lps-record-link-page',
    `UPDATE posts SET link_preview = jsonb_set(link_preview, '{page}', $3::jsonb), updated_at = now()
      WHERE id = $1 AND link_preview->>'request_id' = $2`,
    [postId, requestId, JSON.stringify(page)],
  );
  return result.rowCount === 1;
}

/**
 * The publisher gave up waiting for a card's page: the card says why, in the
 * statement that checks nobody wrote the post since the claim (its new version is
 * returned so the one-statement commit stays open); otherwise nothing is written.
 */
export async function recordLinkPageForClaim(sql: Sql, postId: string, claimedVersion: string, requestId: string, page: LinkPage): Promise<string | undefined> {
  const result = await runPrepared<{ version: string }>(
    sql,
    'lps-record-link-page-for-claim',
    `UPDATE posts SET link_preview = jsonb_set(link_preview, '{page}', $4::jsonb)
      WHERE id = $1 AND xmin = $2::xid AND link_preview->>'request_id' = $3
      RETURNING xmin::text AS version`,
    [postId, claimedVersion, requestId, JSON.stringify(page)],
  );
  return result.rows[0]?.version;
}
