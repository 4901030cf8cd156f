import { basename, extname } from 'node:path';
import type { Post } from '@lps/db';
import type { NetworkAccount, UploadedMedia } from '@lps/network';
import type { PublisherContext } from '../publisher-context.js';
import { PermanentPublishError } from './publish-errors.js';

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif' };

/**
 * Uploads the post's image or PDF (our own storage URL) to the network. Runs
 * before the claim on every attempt: an upload alone never shows anything on the
 * network, so a repeated upload is harmless.
 */
export async function uploadMedia(context: PublisherContext, account: NetworkAccount, post: Post): Promise<UploadedMedia | undefined> {
  if (!post.imageUrl || post.format === 'text') return undefined;
  const key = context.storage.keyFromUrl(post.imageUrl);
  if (!key) throw new PermanentPublishError(`image_url ${post.imageUrl} is not a file stored by this service`);
  const bytes = await context.storage.read(key).catch((error: Error) => {
    throw new PermanentPublishError(`the post's file could not be read: ${error.message}`);
  });
  const name = basename(key);
  if (post.format === 'document') {
    return { kind: 'document', urn: await context.network.uploadDocument(account, bytes, name), title: name };
  }
  const contentType = IMAGE_TYPES[extname(name).toLowerCase()];
  if (!contentType) throw new PermanentPublishError(`the post's image ${name} is not a PNG, JPEG or GIF`);
  return { kind: 'image', urn: await context.network.uploadImage(account, bytes, contentType) };
}
