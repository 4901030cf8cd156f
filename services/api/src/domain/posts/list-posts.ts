import { postToWire, type PostStatus } from '@lps/db';
import type { Needs } from '../deps.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

export async function listPosts({ repos, keyring }: Needs<'readPostPage', 'keyring'>, memberId: string, query: { status?: PostStatus; limit: number; cursor?: string }) {
  const after = query.cursor ? decodeCursor(keyring, query.cursor) : undefined;
  const page = await repos.readPostPage(memberId, { status: query.status, limit: query.limit, after });
  return {
    data: page.items.map(postToWire),
    page: { next_cursor: page.next ? encodeCursor(keyring, page.next) : null, has_more: page.next !== null },
  };
}
