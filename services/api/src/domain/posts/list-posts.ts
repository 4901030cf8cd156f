import { postToWire, readPostPage, type PostStatus } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';
import { decodeCursor, encodeCursor } from './cursor.js';

export async function listPosts({ runtime }: UseCaseDeps, memberId: string, query: { status?: PostStatus; limit: number; cursor?: string }) {
  const after = query.cursor ? decodeCursor(runtime.keyring, query.cursor) : undefined;
  const page = await readPostPage(runtime.sql, memberId, { status: query.status, limit: query.limit, after });
  return {
    data: page.items.map(postToWire),
    page: { next_cursor: page.next ? encodeCursor(runtime.keyring, page.next) : null, has_more: page.next !== null },
  };
}
