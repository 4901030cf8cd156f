import Joi from 'joi';
// The use cases' input types are the schemas' static types (decision 0023): written once, checked against the schemas by tsc.
import type { ImageChoice, RequestImagesInput, SelectImageInput } from '../domain/images/index.js';
import { altText } from './alt-text.js';
import { ImageCandidateSchema } from './post.js';

export const RequestImagesBody = Joi.object<RequestImagesInput, true>({
  scene: Joi.string().trim().max(500).allow('').description('A hint that steers the images: mood, setting, subject.'),
});

const httpUrl = () =>
  Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(2048);

export interface UploadImageJsonInput {
  image_url: string;
  alt_text?: string | null;
}

export const UploadImageJsonBody = Joi.object<UploadImageJsonInput, true>({
  image_url: httpUrl()
    .required()
    .description('Public URL of a JPEG, PNG or PDF (at most 5 MB) or an MP4 video (at most LPS_VIDEO_MAX_BYTES, 500 MB by default); fetched by the service.'),
  alt_text: altText().description("Additive: the image's alt text (ignored for a PDF or a video). Multipart uploads send it as a text field `alt_text`."),
}).description('JSON form; or multipart/form-data with one field `file` (JPEG/PNG ≤ 5 MB, PDF ≤ 10 MB, MP4 video 75 KB–500 MB, 3 s–30 min, aspect ratio 1:2.4–2.4:1).');

export const UploadResponseSchema = Joi.object({
  image_url: Joi.string().uri().required().description('The stored original; also the first of `candidates`.'),
  candidates: Joi.array().items(ImageCandidateSchema).required(),
}).label('UploadResult');

const ImageChoiceSchema = Joi.object<ImageChoice, true>({
  image_url: httpUrl().description("One of the post's candidates, uploads or images."),
  image_index: Joi.number().integer().min(0).description("Index into the post's image_candidates."),
  alt_text: altText().description("Omitted: the candidate's own alt text (a generated design's words, an upload's alt text)."),
})
  .xor('image_url', 'image_index')
  .messages({ 'object.missing': 'give exactly one of image_url or image_index', 'object.xor': 'give exactly one of image_url or image_index' })
  .meta({ title: 'ImageChoice' });

const EXACTLY_ONE = 'give exactly one of image_url, image_index or images';

export const SelectImageBody = Joi.object<SelectImageInput, true>({
  image_url: httpUrl().description("One of the post's candidates or uploads."),
  image_index: Joi.number().integer().min(0).description("Index into the post's image_candidates."),
  images: Joi.array()
    .items(ImageChoiceSchema)
    .min(2)
    .max(20)
    .description('Additive: 2–20 images (candidates or uploads, no documents), in publishing order: a multi-image post. The overlay, if any, is drawn on the first only.'),
  alt_text: altText().description("Additive, with image_url or image_index: the image's alt text. Omitted: the candidate's own (with the overlay's words when one is drawn)."),
  use_overlay: Joi.boolean()
    .default(true)
    .description(
      "Draw the post's hook over the image into a new file. Ignored for documents, videos and designs that already show the post's words (`shows_text`): the text would appear twice.",
    ),
})
  .xor('image_url', 'image_index', 'images')
  .oxor('images', 'alt_text')
  .messages({ 'object.missing': EXACTLY_ONE, 'object.xor': EXACTLY_ONE, 'object.oxor': 'with images, give each image its own alt_text' });
