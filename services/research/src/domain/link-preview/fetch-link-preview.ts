import { storedLinkPreviewOf, type LinkPage, type Repositories } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { Got } from 'got';
import type { FileStorage } from '@lps/storage';
import { readPageCard } from './read-page-card.js';
import { fetchThumbnail, type ThumbnailDeps } from './thumbnail.js';
import { linkThumbnailKeys } from '@lps/queue';

export interface LinkPreviewDeps extends ThumbnailDeps {
  repos: Pick<Repositories, 'findPostById' | 'recordLinkPage'>;
  storage: FileStorage;
  /** The outbound guard's client: private addresses refused at connect time, redirects checked. */
  client: Got;
  timeoutMs: number;
}

const joined = (...notes: Array<string | null>) => notes.filter(Boolean).join('; ') || null;

/**
 * The fetch-link-preview job (decision 0017): reads the page of a post's link for
 * its card, has the page's image made a small JPEG beside the post's other files,
 * and writes the card — only if the post still has that link (a newer request
 * otherwise reads the new one, and this image is deleted).
 */
export async function fetchLinkPreview(deps: LinkPreviewDeps, postId: string, requestId: string, log: Logger): Promise<string> {
  const { repos, storage } = deps;
  const post = await repos.findPostById(postId);
  const stored = storedLinkPreviewOf(post?.linkPreview);
  if (!post || stored?.request_id !== requestId) return 'the post is gone or its link changed';
  if (stored.page) return 'already read';
  const card = await readPageCard(deps.client, stored.url, deps.timeoutMs);
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
