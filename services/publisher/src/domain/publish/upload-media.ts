import { basename, extname } from 'node:path';
import { imageCandidatesOf, recordPublishMedia, type Post } from '@lps/db';
import { titleFromBody, type NetworkAccount, type UploadedMedia } from '@lps/network';
import type { PublisherContext } from '../publisher-context.js';
import type { Claim } from './publication-records.js';
import { PermanentPublishError } from './publish-errors.js';

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

/**
 * An upload made once per publication: the first attempt uploads and keeps the URN
 * with the claim; a retry reuses that URN (an upload LinkedIn is still processing
 * would otherwise be replaced by a new one on every attempt, docs/decisions/0005).
 * A post carries one upload at most (its image or PDF, or its link card's thumbnail).
 */
export async function uploadOncePerPublication(context: PublisherContext, claim: Claim, upload: () => Promise<string>): Promise<string> {
  const { post } = claim;
  if (post.publishMediaUrn) return post.publishMediaUrn;
  const urn = await upload();
  const version = await recordPublishMedia(context.runtime.sql, post.id, claim.version, urn);
  claim.post = { ...post, publishMediaUrn: urn };
  if (version) claim.version = version;
  return urn;
}

/** The post's image or PDF on the network, uploaded once per publication. */
export async function uploadMedia(context: PublisherContext, account: NetworkAccount, claim: Claim): Promise<UploadedMedia | undefined> {
  const { post } = claim;
  if (!post.imageUrl || post.format === 'text') return undefined;
  const urn = await uploadOncePerPublication(context, claim, () => upload(context, account, post, post.imageUrl as string));
  return post.format === 'document' ? { kind: 'document', urn, title: documentTitle(post) } : { kind: 'image', urn };
}
