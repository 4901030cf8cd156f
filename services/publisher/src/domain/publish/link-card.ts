import { storedLinkPreviewOf, type LinkPage, type StoredLinkPreview } from '@lps/db';
import type { ArticleCard, NetworkAccount } from '@lps/network';
import { enqueue, type QueueJob } from '@lps/queue';
import type { Needs } from '../publisher-context.js';
import { lookAgainLater } from './look-again-later.js';
import type { Claim } from './publication-records.js';
import { uploadOncePerPublication } from './upload-once.js';

/**
 * A card saved a moment before publishing may still be read by the research
 * worker: the publication waits for it (LPS_LINK_PREVIEW_WAIT after being
 * requested), looking again every second, without holding a worker slot (the job
 * is delayed) and without counting the waits as attempts.
 */
const CARD_RECHECK_MS = 1_000;

/** A link card's needs: the page waited for (its job asked again), given up on, or its thumbnail uploaded once. */
export type LinkCardNeeds = Needs<'recordLinkPageForClaim' | 'recordPublishMedia' | 'giveBackUnsentAttempt', 'queues' | 'config' | 'storage' | 'network' | 'log'>;

async function waitForPage(context: Needs<'giveBackUnsentAttempt', 'queues'>, claim: Claim, stored: StoredLinkPreview, job: QueueJob): Promise<never> {
  const { post } = claim;
  // The job may have been lost with Redis: asking again joins it if it is there.
  await enqueue(context.queues, 'fetch-link-preview', { postId: post.id, requestId: stored.request_id }).catch(() => undefined);
  return lookAgainLater(context, claim, job, Date.now() + CARD_RECHECK_MS);
}

/** The card says why the post went out without it; the commit's fast path stays open when nobody else wrote the post. */
async function giveUp(context: Needs<'recordLinkPageForClaim', 'config' | 'log'>, claim: Claim, stored: StoredLinkPreview): Promise<void> {
  const page: LinkPage = {
    status: 'unavailable',
    title: null,
    description: null,
    image_url: null,
    site_name: null,
    note: `the page was not read within ${context.config.storage.linkPreviewWaitMs / 1000} s of publishing; the post was published as plain text`,
    fetched_at: new Date().toISOString(),
  };
  const version = await context.repos.recordLinkPageForClaim(claim.post.id, claim.version, stored.request_id, page);
  if (version) {
    claim.version = version;
    claim.post = { ...claim.post, linkPreview: { ...stored, page } };
  }
  context.log.warn('link card not read in time: published as plain text', { post_id: claim.post.id });
}

async function uploadThumbnail(context: Needs<'recordPublishMedia', 'storage' | 'network'>, account: NetworkAccount, claim: Claim, imageUrl: string): Promise<string | undefined> {
  const key = context.storage.keyFromUrl(imageUrl);
  if (!key) return undefined;
  try {
    return await uploadOncePerPublication(context, claim, async () => context.network.uploadImage(account, await context.storage.read(key), 'image/jpeg'));
  } catch (error) {
    // A thumbnail is a nicety: a stored file that is gone must not stop the card (a network error still retries).
    if ((error as { code?: string }).code === 'ENOENT' || /not found|NoSuchKey/i.test((error as Error).message)) return undefined;
    throw error;
  }
}

/**
 * The link card a text post carries (LinkedIn's content.article, decision 0017):
 * the member's title and description over the page's, the page's image uploaded
 * as its thumbnail. None when the post has no link, the member turned the card
 * off, or the page could not be read and the member gave no title — the post is
 * then plain text, and the card's note says why. A card still being read is
 * waited for (LPS_LINK_PREVIEW_WAIT), then given up.
 */
export async function linkCardFor(context: LinkCardNeeds, account: NetworkAccount, claim: Claim, job: QueueJob): Promise<ArticleCard | undefined> {
  const stored = storedLinkPreviewOf(claim.post.linkPreview);
  if (!stored || stored.member.enabled === false) return undefined;
  if (!stored.page) {
    const requestedAt = (claim.post.publishRequestedAt ?? new Date()).getTime();
    if (Date.now() - requestedAt < context.config.storage.linkPreviewWaitMs) return waitForPage(context, claim, stored, job);
    await giveUp(context, claim, stored);
    return undefined;
  }
  const title = stored.member.title ?? stored.page.title;
  if (!title) return undefined;
  const description = stored.member.description ?? stored.page.description ?? undefined;
  const thumbnail = stored.page.image_url ? await uploadThumbnail(context, account, claim, stored.page.image_url) : undefined;
  return { source: stored.url, title, ...(description ? { description } : {}), ...(thumbnail ? { thumbnail } : {}) };
}
