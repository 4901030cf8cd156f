import { basename, extname } from 'node:path';
import type { Job } from 'bullmq';
import { imageCandidatesOf, type Post } from '@lps/db';
import { titleFromBody, type NetworkAccount, type UploadedMedia } from '@lps/network';
import type { PublisherContext } from '../publisher-context.js';
import type { Claim } from './publication-records.js';
import { PermanentPublishError } from './publish-errors.js';
import { uploadOncePerPublication } from './upload-once.js';
import { publishableVideo } from './video-media.js';

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif' };

/** A document's title: the uploaded PDF's own name, else (a rendered carousel, an older upload) the post's first line. */
function documentTitle(post: Post): string {
  return imageCandidatesOf(post.imageCandidates).find((candidate) => candidate.base_url === post.imageUrl)?.title ?? titleFromBody(post.body);
}

async function upload(context: PublisherContext, account: NetworkAccount, post: Post, imageUrl: string): Promise<string> {
  const key = context.storage.keyFromUrl(imageUrl);
  if (!key) throw new PermanentPublishError(`image_url ${imageUrl} is not a file stored by this service`);
  const name = basename(key);
  const contentType = post.format === 'document' ? 'application/pdf' : IMAGE_TYPES[extname(name).toLowerCase()];
  if (!contentType) throw new PermanentPublishError(`the post's image ${name} is not a PNG, JPEG or GIF`);
  const bytes = await context.storage.read(key).catch((error: Error) => {
    throw new PermanentPublishError(`the post's file could not be read: ${error.message}`);
  });
  return post.format === 'document' ? context.network.uploadDocument(account, bytes, name) : context.network.uploadImage(account, bytes, contentType);
}

/** The post's image, PDF or video on the network, uploaded once per publication (a video is also waited for). */
export async function uploadMedia(context: PublisherContext, account: NetworkAccount, claim: Claim, job: Job): Promise<UploadedMedia | undefined> {
  const { post } = claim;
  if (!post.imageUrl || post.format === 'text') return undefined;
  if (post.format === 'video') return publishableVideo(context, account, claim, job);
  const urn = await uploadOncePerPublication(context, claim, () => upload(context, account, post, post.imageUrl as string));
  return post.format === 'document' ? { kind: 'document', urn, title: documentTitle(post) } : { kind: 'image', urn };
}
