/**
 * When LinkedIn created a post, read from its URN: share, ugcPost and activity
 * ids carry the creation time in milliseconds since the epoch above their lowest
 * 22 bits (`id >> 22`), as integrators report. Checked against posts whose time
 * LinkedIn itself states (docs/decisions/0017: a Posts API answer's `createdAt`,
 * LinkedIn's own documentation samples) — within a second every time — before
 * recovery relied on it.
 */
const POST_URN = /^urn:li:(?:share|ugcPost|activity):(\d{1,20})$/;

/**
 * Our clock against LinkedIn's. A post id's time and LinkedIn's own createdAt agree
 * within a second; two minutes covers a server clock that drifted, and is still far
 * shorter than any gap between a member's earlier post and a new publication.
 */
export const LINKEDIN_CLOCK_SKEW_MS = 120_000;
// Ids from before LinkedIn's time-carrying ids, or numbers that are not ids at all, decode before this.
const EARLIEST_PLAUSIBLE = Date.UTC(2012, 0, 1);

/** The creation time a post URN carries; undefined for anything that is not a time-carrying post id. */
export function linkedInPostCreatedAt(urn: string): Date | undefined {
  const id = POST_URN.exec(urn)?.[1];
  if (!id) return undefined;
  const value = BigInt(id);
  if (value >= 1n << 63n) return undefined;
  const milliseconds = Number(value >> 22n);
  return milliseconds < EARLIEST_PLAUSIBLE ? undefined : new Date(milliseconds);
}
