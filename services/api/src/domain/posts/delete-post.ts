import { conflict } from '@lps/common';
import { enqueue } from '@lps/queue';
import type { Needs } from '../deps.js';
import { getOwnedPost } from './find-post.js';
import { assertEditable } from './post-states.js';

const publishedMeanwhile = () => conflict('the post started publishing meanwhile and can no longer be changed');

/**
 * DELETE /posts/{id}: the row, then its files (uploads, renders, overlays) by a
 * retried job of the image worker. Should the queue be unreachable, the API
 * deletes them itself, once; the answer does not wait for either.
 */
export async function deletePost(
  { repos, queues, clients, request }: Needs<'readOwnedPost' | 'deletePostIfEditable', 'queues' | 'clients' | 'request'>,
  memberId: string,
  id: string,
): Promise<void> {
  assertEditable(await getOwnedPost({ repos }, memberId, id));
  if (!(await repos.deletePostIfEditable(id))) throw publishedMeanwhile();
  try {
    await enqueue(queues, 'delete-post-files', { memberId, postId: id }, { requestId: request.id });
  } catch (error) {
    request.log.warn('could not queue the deletion of a deleted post’s files; deleting them now', { post_id: id, error: (error as Error).message });
    void clients.storage
      .deletePrefix(`${memberId}/${id}/`)
      .catch((failure: Error) => request.log.error('files of a deleted post could not be deleted', { post_id: id, error: failure.message }));
  }
}
