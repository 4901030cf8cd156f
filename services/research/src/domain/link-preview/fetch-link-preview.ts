import { storedLinkPreviewOf, type LinkPage } from '@lps/db';
import { linkThumbnailKeys } from '@lps/queue';
import type { Needs } from '../research-context.js';
import { readPageCard } from './read-page-card.js';
import { fetchThumbnail } from './thumbnail.js';

const joined = (...notes: Array<string | null>) => notes.filter(Boolean).join('; ') || null;

/**
 * The fetch-link-preview job (decision 0017): reads the page of a post's link for
 * its card, has the page's image made a small JPEG beside the post's other files,
 * and writes the card — only if the post still has that link (a newer request
 * otherwise reads the new one, and this image is deleted).
 */
export async function fetchLinkPreview(
  deps: Needs<'findPostById' | 'recordLinkPage', 'calls' | 'config' | 'storage' | 'linkClient' | 'log'>,
  postId: string,
  requestId: string,
): Promise<string> {
  const { repos, storage, log } = deps;
  const post = await repos.findPostById(postId);
  const stored = storedLinkPreviewOf(post?.linkPreview);
  if (!post || stored?.request_id !== requestId) return 'the post is gone or its link changed';
  if (stored.page) return 'already read';
  const card = await readPageCard(deps.linkClient, stored.url, deps.config.storage.linkPreviewTimeoutMs);
  let imageUrl: string | null = null;
  let imageNote: string | null = null;
  const thumbnailCard = { postId, memberId: post.memberId, requestId };
  if (card.imageUrl) {
    const thumbnail = await fetchThumbnail(deps, card.imageUrl, thumbnailCard);
    if ('imageUrl' in thumbnail) {
      imageUrl = thumbnail.imageUrl;
    } else {
      imageNote = `the card has no image: ${thumbnail.problem}`;
    }
  }
  const page: LinkPage = {
    status: card.status,
    title: card.title,
    description: card.description,
    image_url: imageUrl,
    site_name: card.siteName,
    note: joined(card.note, imageNote),
    fetched_at: new Date().toISOString(),
  };
  if (!(await repos.recordLinkPage(postId, requestId, page))) {
    if (imageUrl) await storage.delete(linkThumbnailKeys(thumbnailCard).thumbnail).catch(() => undefined);
    return 'the link changed meanwhile';
  }
  log.info('link card read', { post_id: postId, status: page.status, image: imageUrl !== null });
  return `card ${page.status}`;
}
