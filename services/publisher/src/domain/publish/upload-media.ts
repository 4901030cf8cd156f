import type { QueueJob } from '@lps/queue';
import { basename, extname } from 'node:path';
import { MULTI_IMAGE_MIN, postMediaOf, publishImageUrnsOf, type Post, type PostImage } from '@lps/db';
import { titleFromBody, type NetworkAccount, type UploadedImage, type UploadedMedia } from '@lps/network';
import type { Needs } from '../publisher-context.js';
import type { Claim } from './publication-records.js';
import { PermanentPublishError } from './publish-errors.js';
import { uploadOncePerPublication } from './upload-once.js';
import { publishableVideo, type VideoNeeds } from './video-media.js';

/** The post's media on the network: a video's needs, and each of several images' URN kept as it comes. */
export type MediaNeeds = VideoNeeds & Needs<'recordPublishImage'>;

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif' };

async function upload(context: Needs<never, 'network' | 'storage'>, account: NetworkAccount, post: Post, imageUrl: string): Promise<string> {
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
 * Each of several images uploaded once per publication (decision 0022): its URN is
 * kept by the image's URL as soon as LinkedIn gives it, so a retry after a failure
 * half-way (the fifth upload refused, the worker killed) uploads only the rest.
 */
async function uploadImages(context: Needs<'recordPublishImage', 'network' | 'storage'>, account: NetworkAccount, claim: Claim, images: PostImage[]): Promise<UploadedImage[]> {
  const uploaded: UploadedImage[] = [];
  for (const image of images) {
    const known = publishImageUrnsOf(claim.post.publishImageUrns)[image.image_url];
    const urn = known ?? (await upload(context, account, claim.post, image.image_url));
    if (!known) {
      const version = await context.repos.recordPublishImage(claim.post.id, claim.version, image.image_url, urn);
      claim.post = { ...claim.post, publishImageUrns: { ...publishImageUrnsOf(claim.post.publishImageUrns), [image.image_url]: urn } };
      if (version) claim.version = version;
    }
    uploaded.push({ urn, ...(image.alt_text ? { altText: image.alt_text } : {}) });
  }
  return uploaded;
}

/**
 * What the post carries on the network (`postMediaOf`, which the preview shows too): one image, PDF
 * or video (also waited for), or several images (content.multiImage), uploaded once per publication.
 */
export async function uploadMedia(context: MediaNeeds, account: NetworkAccount, claim: Claim, job: QueueJob): Promise<{ media?: UploadedMedia; images?: UploadedImage[] }> {
  const { post } = claim;
  const media = postMediaOf(post);
  if (media.kind === 'none') return {};
  if (media.kind === 'video') return { media: await publishableVideo(context, account, claim, job) };
  if (media.kind === 'image' && media.images.length >= MULTI_IMAGE_MIN) return { images: await uploadImages(context, account, claim, media.images) };
  const urn = await uploadOncePerPublication(context, claim, () => upload(context, account, post, post.imageUrl as string));
  // A document's title: the uploaded PDF's own name, else (a rendered carousel, an older upload) the post's first line.
  if (media.kind === 'document') return { media: { kind: 'document', urn, title: media.title ?? titleFromBody(post.body) } };
  // A single image's alt text (decision 0022): the member's, or the design's own words.
  const altText = media.images[0]?.alt_text;
  return { media: { kind: 'image', urn, ...(altText ? { altText } : {}) } };
}
