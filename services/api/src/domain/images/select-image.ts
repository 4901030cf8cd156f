import { hookOf, overlayKeyOf, overlayKeyPrefix } from '@lps/ai';
import { postToWire, type ImageCandidate, type Post, type PostImage } from '@lps/db';
import type { Needs } from '../deps.js';
import { StalePreparation, writePreparedPost, type WriteDeps } from '../posts/write-post.js';
import { askImageService, refusalError } from './ask-image-service.js';
import { altTextFor, assertDistinctImages, candidateFor, type ImageChoice } from './image-choices.js';
import { assertImagesAllowed } from '../posts/post-states.js';
import { imagesColumns, type PostImagesChange } from './post-image-writes.js';

/** What drawing an overlay uses: the image request, the image service's answer, the post again on a refusal, the pair's dropped files. */
type OverlayNeeds = Needs<
  'createImageCallRequest' | 'abandonImageCall' | 'findImageRequest' | 'readOwnedPost' | 'droppedFilesStartingWith',
  'calls' | 'config' | 'request' | 'clients'
>;

export interface SelectImageInput {
  image_url?: string;
  image_index?: number;
  /** Several images, in order (decision 0022). */
  images?: ImageChoice[];
  alt_text?: string | null;
  use_overlay?: boolean;
}

/** The hook drawn over a candidate: its file, and the words it shows. */
interface Overlay {
  url: string;
  words: string;
}

/** An overlay for a candidate, as `chosenImages` asks for one: drawn already (decide), or noted to draw (prepare). */
type OverlayOf = (candidate: ImageCandidate, hook: string, field: string) => Overlay;

/**
 * The hook over the chosen image, in a file of its own named by the image and the
 * text (`overlayKeyOf`): selecting the same pair again finds it here and draws
 * nothing — unless a write took that file off the post, which deletes it: the pair's
 * next file is then drawn (decision 0027). Drawing is the image service's (decision
 * 0006); this request waits for it, holding no lock.
 */
async function overlaid(deps: OverlayNeeds, post: Post, candidate: ImageCandidate, hook: string, field: string): Promise<string> {
  const { clients } = deps;
  const sourceKey = clients.storage.keyFromUrl(candidate.base_url);
  if (!sourceKey) return candidate.base_url;
  const dropped = await deps.repos.droppedFilesStartingWith(post.id, overlayKeyPrefix(post, sourceKey, hook));
  const key = overlayKeyOf(post, sourceKey, hook, dropped);
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
function chosenImage(post: Post, choice: ImageChoice, candidate: ImageCandidate, overlay: boolean, field: string, overlayOf: OverlayOf): PostImage {
  const hook = hookOf({ body: post.body, idea: post.idea });
  if (!overlay || !hook || candidate.kind !== 'image' || candidate.shows_text) {
    return { image_url: candidate.base_url, alt_text: altTextFor(post, choice, candidate) };
  }
  const drawn = overlayOf(candidate, hook, field);
  return { image_url: drawn.url, alt_text: altTextFor(post, choice, candidate, drawn.url === candidate.base_url ? undefined : drawn.words) };
}

/** What the choice makes of this post: its images in order, the hook over the first where asked. 422 for a choice the post cannot take. */
function chosenImages(post: Post, input: SelectImageInput, overlayOf: OverlayOf): PostImagesChange {
  const overlay = input.use_overlay !== false;
  if (input.images) {
    const candidates = input.images.map((choice, index) => candidateFor(post, choice, `images.${index}`));
    assertDistinctImages(candidates, 'images');
    // The hook leads the post: on its first image only, not on every picture of the set.
    const images = input.images.map((choice, index) => chosenImage(post, choice, candidates[index] as ImageCandidate, overlay && index === 0, `images.${index}`, overlayOf));
    return { imageUrl: (images[0] as PostImage).image_url, format: 'image', images, approve: true };
  }
  const field = input.image_index !== undefined ? 'image_index' : 'image_url';
  const choice: ImageChoice = {
    ...(input.image_url !== undefined ? { image_url: input.image_url } : {}),
    ...(input.image_index !== undefined ? { image_index: input.image_index } : {}),
    ...(input.alt_text !== undefined ? { alt_text: input.alt_text } : {}),
  };
  const candidate = candidateFor(post, choice, field);
  const image = chosenImage(post, choice, candidate, overlay, field, overlayOf);
  return { imageUrl: image.image_url, format: candidate.kind, images: candidate.kind === 'image' ? [image] : null, approve: true };
}

/** The overlays a choice needs on this post, each drawn (or found) by the image service. */
async function drawOverlays(deps: OverlayNeeds, post: Post, input: SelectImageInput): Promise<Map<string, Overlay>> {
  const needed: Array<{ candidate: ImageCandidate; hook: string; field: string }> = [];
  chosenImages(post, input, (candidate, hook, field) => {
    needed.push({ candidate, hook, field });
    return { url: '', words: hook };
  });
  const drawn = new Map<string, Overlay>();
  for (const { candidate, hook, field } of needed) drawn.set(candidate.base_url, { url: await overlaid(deps, post, candidate, hook, field), words: hook });
  return drawn;
}

/**
 * POST /posts/{id}/select-image: one image or document by index or URL, or 2–20
 * images in order, optionally with the hook drawn over the (first) image. The
 * post's image, images and format follow, and a draft_saved post becomes approved.
 * Overlays are drawn first, with no lock held; the choice is then written on the post
 * as it is by then, in its turn with every other write of the post (decision 0027):
 * ten selections at once all succeed, the last one written stays.
 */
export async function selectImage(deps: OverlayNeeds & WriteDeps, memberId: string, postId: string, input: SelectImageInput) {
  const action = 'select an image for';
  const { post } = await writePreparedPost(deps, memberId, postId, {
    prepare: async (read) => {
      assertImagesAllowed(read, action);
      return drawOverlays(deps, read, input);
    },
    decide: (current, overlays) => {
      assertImagesAllowed(current, action);
      const change = chosenImages(current, input, (candidate) => {
        const drawn = overlays.get(candidate.base_url);
        // A candidate the preparation did not draw for (the post's text was emptied or given meanwhile): prepare again.
        if (!drawn) throw new StalePreparation();
        return drawn;
      });
      return { set: imagesColumns(current, change) };
    },
  });
  return { post: postToWire(post) };
}
