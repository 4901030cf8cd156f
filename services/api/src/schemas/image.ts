import Joi from 'joi';
import { ImageCandidateSchema } from './post.js';

export const RequestImagesBody = Joi.object({
  scene: Joi.string().trim().max(500).allow('').description('A hint that steers the images: mood, setting, subject.'),
});

const httpUrl = () => Joi.string().uri({ scheme: ['http', 'https'] }).max(2048);

export const UploadImageJsonBody = Joi.object({
  image_url: httpUrl().required().description('Public URL of a JPEG, PNG or PDF (at most 5 MB) or an MP4 video (at most LPS_VIDEO_MAX_BYTES, 500 MB by default); fetched by the service.'),
}).description('JSON form; or multipart/form-data with one field `file` (JPEG/PNG ≤ 5 MB, PDF ≤ 10 MB, MP4 video 75 KB–500 MB, 3 s–30 min, aspect ratio 1:2.4–2.4:1).');

export const UploadResponseSchema = Joi.object({
  image_url: Joi.string().uri().required().description('The stored original; also the first of `candidates`.'),
  candidates: Joi.array().items(ImageCandidateSchema).required(),
}).label('UploadResult');

export const SelectImageBody = Joi.object({
  image_url: httpUrl().description('One of the post\'s candidates or uploads.'),
  image_index: Joi.number().integer().min(0).description('Index into the post\'s image_candidates.'),
  use_overlay: Joi.boolean().default(true).description('Draw the post\'s hook over the image into a new file (ignored for documents and videos).'),
})
  .xor('image_url', 'image_index')
  .messages({ 'object.missing': 'give exactly one of image_url or image_index', 'object.xor': 'give exactly one of image_url or image_index' });
