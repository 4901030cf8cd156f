import type { RenderedCandidate } from '@lps/ai';
import type { ImageCandidate } from '@lps/db';
import type { FileStorage } from '@lps/storage';

/**
 * Stores one request's renders under keys derived from the request id, so a
 * retried job overwrites its own files instead of leaving duplicates behind.
 */
export async function storeRenders(storage: FileStorage, target: { memberId: string; postId: string; requestId: string }, renders: RenderedCandidate[]): Promise<ImageCandidate[]> {
  const stored: ImageCandidate[] = [];
  for (const [index, render] of renders.entries()) {
    const key = `${target.memberId}/${target.postId}/gen-${target.requestId}-${index}-${render.design}-${render.width}x${render.height}.${render.extension}`;
    const file = await storage.put(key, render.data, render.contentType);
    stored.push({
      base_url: file.url,
      width: render.width,
      height: render.height,
      kind: render.kind,
      source: 'generated',
      // Decision 0022: alt text published unless the member gives another, and the words the design already shows.
      ...(render.altText ? { alt_text: render.altText } : {}),
      ...(render.showsText ? { shows_text: render.showsText } : {}),
    });
  }
  return stored;
}
