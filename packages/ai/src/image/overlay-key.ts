import { createHash } from 'node:crypto';

/**
 * The storage key of a post's overlay: named by the image drawn over and the text
 * drawn, so the same pair is drawn (and stored) once and selecting it again reuses
 * the file. The API looks for it before asking the image service, which writes it.
 */
export function overlayKeyOf(post: { memberId: string; id: string }, sourceKey: string, hook: string): string {
  const extension = /\.jpg$/i.test(sourceKey) ? 'jpg' : 'png';
  const fingerprint = createHash('sha256').update(sourceKey).update('\u0000').update(hook).digest('hex').slice(0, 24);
  return `${post.memberId}/${post.id}/overlay-${fingerprint}.${extension}`;
}
