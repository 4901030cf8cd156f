import Joi from 'joi';
import { requestImages, selectImage, uploadImageFromUrl } from '../../domain/images/index.js';
import { waitForPost } from '../../domain/posts/index.js';
import { RequestImagesBody, SelectImageBody, UploadImageJsonBody } from '../../schemas/image.js';
import { defineTool, type ToolDefinition } from '../tool.js';
import { postIdInput, waitSeconds, withKeys, withPostId, type WaitInput } from '../tool-inputs.js';

export const imageTools: ToolDefinition[] = [
  defineTool({
    name: 'generate_images',
    title: 'Generate image candidates',
    description:
      'Renders image candidates (and a PDF carousel) for a post in the background, steered by an optional scene hint, and waits up to wait_seconds. Candidates appear in post.image_candidates; pick one with select_image. If `settled` is false, call wait_for_post.',
    input: withKeys<WaitInput>({ wait_seconds: waitSeconds(25) })(withPostId(RequestImagesBody)),
    bucket: 'generation',
    run: async ({ deps, memberId }, { post_id, wait_seconds, ...input }) => {
      await requestImages(deps, memberId, post_id, input);
      return waitForPost(deps, memberId, post_id, 'images', wait_seconds);
    },
  }),
  defineTool({
    name: 'wait_for_post',
    title: 'Wait for a post’s background job',
    description:
      'Waits (at most wait_seconds) until image generation ("images") or a publication ("publication") of a post has finished, then returns the post. `settled` false means still running: call again.',
    input: withKeys<WaitInput & { until: 'images' | 'publication' }>({ until: Joi.string().valid('images', 'publication').required(), wait_seconds: waitSeconds(30) })(postIdInput),
    readOnly: true,
    run: ({ deps, memberId }, input) => waitForPost(deps, memberId, input.post_id, input.until, input.wait_seconds),
  }),
  defineTool({
    name: 'upload_image_from_url',
    title: 'Attach an image or PDF from a URL',
    description: 'Fetches a public JPEG/PNG image or PDF (at most 5 MB) and attaches it to the post as its image or document. It is also added to image_candidates.',
    input: withPostId(UploadImageJsonBody),
    run: ({ deps, memberId }, { post_id, image_url, alt_text }) => uploadImageFromUrl(deps, memberId, post_id, { image_url, ...(alt_text !== undefined ? { alt_text } : {}) }),
  }),
  defineTool({
    name: 'select_image',
    title: 'Choose the post’s image',
    description:
      'Chooses one of the post’s image_candidates, by image_index or image_url. With use_overlay (default true) the post’s opening line is drawn onto the image. A draft_saved post becomes "approved".',
    input: withPostId(SelectImageBody),
    run: ({ deps, memberId }, { post_id, ...input }) => selectImage(deps, memberId, post_id, input),
  }),
];
