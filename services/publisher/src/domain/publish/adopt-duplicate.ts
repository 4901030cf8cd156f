import type { Logger } from '@lps/logger';
import { isNetworkError, LINKEDIN_CLOCK_SKEW_MS, linkedInPostCreatedAt, postUrl, type Network, type NetworkAccount, type PublishedPost } from '@lps/network';
import { PermanentPublishError } from './publish-errors.js';

/**
 * The stretch of time in which an attempt of this publication can have created a
 * post: from the moment it was requested (no attempt starts earlier) to now.
 */
export interface AttemptsWindow {
  from: Date;
  to: Date;
}

const within = (time: Date, window: AttemptsWindow) =>
  time.getTime() >= window.from.getTime() - LINKEDIN_CLOCK_SKEW_MS && time.getTime() <= window.to.getTime() + LINKEDIN_CLOCK_SKEW_MS;

const describe = (window: AttemptsWindow) => `${window.from.toISOString()} – ${window.to.toISOString()}`;

/**
 * "Duplicate of X" after an attempt whose answer was lost (docs/decisions/0005,
 * 0017). X is adopted only when it can be shown to be this publication's post:
 * - read back (needs r_member_social): there, by this member, with this text, and
 *   created during this publication's attempts;
 * - otherwise (LinkedIn answers 403 to the read): the creation time X's id carries
 *   falls within this publication's attempts. The member's older post with the same
 *   text was created before the request, so it never qualifies.
 * Anything else fails the publication, naming X and its URL so the member can look.
 */
export interface DuplicateAnswer {
  urn: string;
  /** The commentary this publication sent: what the post read back must carry. */
  commentary: string;
  window: AttemptsWindow;
  /** The grant carries r_member_social (or the network is the sandbox): the post can be read back. */
  canReadBack: boolean;
}

export async function adoptDuplicate(network: Network, account: NetworkAccount, answer: DuplicateAnswer, log: Logger): Promise<PublishedPost> {
  const { urn, window } = answer;
  const refused = (why: string) => new PermanentPublishError(`the network calls this post a duplicate of ${urn} (${postUrl(urn)}), but ${why}; not adopted as this publication`);
  // Without r_member_social (most apps) LinkedIn would answer 403 to the read: no call, the id tells when the post was made.
  if (!answer.canReadBack) return adoptByCreationTime(urn, window, refused, log);
  let check;
  try {
    check = await network.checkOwnPost(account, urn, answer.commentary);
  } catch (error) {
    if (isNetworkError(error) && error.retryable) throw error;
    // With the permission, a 403 means the post is not this member's (Social Access Control).
    throw refused(`it could not be read back to check it is this member's, with this text (${error instanceof Error ? error.message : String(error)})`);
  }
  if (check.verdict === 'gone') throw refused('that post no longer exists (deleted)');
  if (check.verdict === 'not ours') throw refused(check.reason);
  if (check.createdAt && !within(check.createdAt, window)) {
    throw refused(`it was created at ${check.createdAt.toISOString()}, outside this publication's attempts (${describe(window)}): an earlier post with the same text`);
  }
  log.info("duplicate adopted: read back as this member's post with this text", { urn });
  return { urn, url: postUrl(urn) };
}

function adoptByCreationTime(urn: string, window: AttemptsWindow, refused: (why: string) => Error, log: Logger): PublishedPost {
  const createdAt = linkedInPostCreatedAt(urn);
  const unread = 'it cannot be read back (the app lacks r_member_social)';
  if (!createdAt) throw refused(`${unread} and its URN carries no creation time`);
  if (!within(createdAt, window)) {
    throw refused(`${unread} and it was created at ${createdAt.toISOString()}, outside this publication's attempts (${describe(window)})`);
  }
  log.info("duplicate adopted: its id says it was created during this publication's attempts", { urn, created_at: createdAt.toISOString() });
  return { urn, url: postUrl(urn) };
}
