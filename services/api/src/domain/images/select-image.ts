import { hookOf, overlayKeyOf } from '@lps/ai';
import { postToWire, type ImageCandidate, type Post, type PostImage, type PostImagesChange } from '@lps/db';
import type { Needs } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { READY_FOR_WORK } from '../posts/post-states.js';
import { refusalError } from './attach-upload.js';
import { askImageService } from './ask-image-service.js';
import { altTextFor, assertDistinctImages, candidateFor, type ImageChoice } from './image-choices.js';
import { assertImagesAllowed } from './image-states.js';
import { saveImages } from './post-image-writes.js';

/** What drawing an overlay uses: the image request, the image service's answer, and the post again on a refusal. */
type OverlayNeeds = Needs<'createImageCallRequest' | 'abandonImageCall' | 'findImageRequest' | 'readOwnedPost', 'calls' | 'config' | 'request' | 'clients'>;

export interface SelectImageInput {
  image_url?: string;
  image_index?: number;
  /** Several images, in order (decision 0022). */
  images?: ImageChoice[];
  alt_text?: string | null;
  use_overlay?: boolean;
}

/**
 * The hook over the chosen image, in a file of its own named by the image and the
 * text (`overlayKeyOf`): selecting the same pair again finds it here and draws
 * nothing. Drawing is the image service's (decision 0006); this request waits for it.
 */
async function overlaid(deps: OverlayNeeds, post: Post, candidate: ImageCandidate, hook: string, field: string): Promise<string> {
  const { clients } = deps;
  const sourceKey = clients.storage.keyFromUrl(candidate.base_url);
  if (!sourceKey) return candidate.base_url;
  const key = overlayKeyOf(post, sourceKey, hook);
  if (await clients.storage.exists(key)) return clients.storage.urlFor(key);
  const request = await deps.repos.createImageCallRequest({ postId: post.id, memberId: post.memberId, kind: 'overlay', sourceKey });
  // An overlay drawn after this request gave up is kept: it is the file a retry asks for.
  const answer = await askImageService(deps, 'draw-overlay', request, async () => undefined);
  if (answer.outcome === 'drawn') return answer.image_url;
  throw await refusalError(deps, answer, { memberId: post.memberId, postId: post.id, field, action: 'select an image for' });
}

/**
 * The image a choice becomes: the candidate itself, or the hook drawn over it —
 * never over a design that already shows the post's words (`shows_text`): the text
 * would appear twice (decision 0022). Nor over a document or a video (decision 0021).
 */
async function chosenImage(deps: OverlayNeeds, post: Post, choice: ImageChoice, candidate: ImageCandidate, overlay: boolean, field: string): Promise<PostImage> {
  const hook = hookOf({ body: post.body, idea: post.idea });
  if (!overlay || !hook || candidate.kind !== 'image' || candidate.shows_text) {
    return { image_url: candidate.base_url, alt_text: altTextFor(post, choice, candidate) };
  }
  const imageUrl = await overlaid(deps, post, candidate, hook, field);
  return { image_url: imageUrl, alt_text: altTextFor(post, choice, candidate, imageUrl === candidate.base_url ? undefined : hook) };
}

async function chosenImages(deps: OverlayNeeds, post: Post, input: SelectImageInput): Promise<PostImagesChange> {
  const overlay = input.use_overlay !== false;
  if (input.images) {
    const candidates = input.images.map((choice, index) => candidateFor(post, choice, `images.${index}`));
    assertDistinctImages(candidates, 'images');
    const images: PostImage[] = [];
    for (const [index, choice] of input.images.entries()) {
      // The hook leads the post: on its first image only, not on every picture of the set.
      images.push(await chosenImage(deps, post, choice, candidates[index] as ImageCandidate, overlay && index === 0, `images.${index}`));
    }
    return { imageUrl: (images[0] as PostImage).image_url, format: 'image', images, approve: true };
  }
  const field = input.image_index !== undefined ? 'image_index' : 'image_url';
  const choice: ImageChoice = {
    ...(input.image_url !== undefined ? { image_url: input.image_url } : {}),
    ...(input.image_index !== undefined ? { image_index: input.image_index } : {}),
    ...(input.alt_text !== undefined ? { alt_text: input.alt_text } : {}),
  };
  const candidate = candidateFor(post, choice, field);
  const image = await chosenImage(deps, post, choice, candidate, overlay, field);
  const isImage = candidate.kind === 'image';
  return { imageUrl: image.image_url, format: candidate.kind, images: isImage ? [image] : null, approve: true };
}

/**
 * POST /posts/{id}/select-image: one image or document by index or URL, or 2–20
 * images in order, optionally with the hook drawn over the (first) image. The
 * post's image, images and format follow, and a draft_saved post becomes approved.
 */
export async function selectImage(deps: OverlayNeeds & Needs<'replacePostImages'>, memberId: string, postId: string, input: SelectImageInput) {
  const post = await getOwnedPost(deps, memberId, postId);
  const recheck = (current: Post) => assertImagesAllowed(current, 'select an image for');
  recheck(post);
  const change = await chosenImages(deps, post, input);
  const updated = await saveImages(deps, post, change, { allowedFrom: READY_FOR_WORK, notWhilePublishing: false }, recheck);
  return { post: postToWire(updated) };
}
