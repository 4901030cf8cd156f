import type { PostStatus } from '../api/types.js';

export const STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  draft_saved: 'Draft saved',
  approved: 'Approved',
  generating_images: 'Generating images',
  scheduled: 'Scheduled',
  published: 'Published',
  rejected: 'Rejected',
};

/** A post's state in words (never in colour alone). */
export function StatusBadge({ status }: { status: PostStatus }) {
  return <span className={`badge badge-${status}`}>{STATUS_LABELS[status] ?? status}</span>;
}
