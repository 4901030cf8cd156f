import Joi from 'joi';
import { dateTime, nullableDateTime, nullableString, nullableUri, uuid } from './common.js';

export const POST_STATUSES = ['draft', 'draft_saved', 'approved', 'generating_images', 'scheduled', 'published', 'rejected'] as const;

export const ImageCandidateSchema = Joi.object({
  base_url: Joi.string().uri().required(),
  width: Joi.number().integer().allow(null).required(),
  height: Joi.number().integer().allow(null).required(),
  kind: Joi.string().valid('image', 'document').required(),
  source: Joi.string().valid('generated', 'upload').required(),
  title: Joi.string().max(100).description('Documents uploaded as a file or URL: the title LinkedIn shows, from the file name (path, control and direction characters removed).'),
}).label('ImageCandidate');

export const PostSchema = Joi.object({
  id: uuid().required(),
  status: Joi.string().valid(...POST_STATUSES).required(),
  idea: nullableString().required(),
  body: nullableString().required(),
  image_url: nullableUri().required(),
  scheduled_at: nullableDateTime().required(),
  published_at: nullableDateTime().required(),
  network_post_urn: nullableString().required(),
  network_url: nullableUri().required(),
  format: Joi.string().valid('text', 'image', 'document').required(),
  auto_generated: Joi.boolean().required(),
  created_at: dateTime().required(),
  image_candidates: Joi.array().items(ImageCandidateSchema).allow(null).description('Absent until the first image generation or upload.'),
  last_error: nullableString().description('Why the last publication failed, if it did.'),
}).label('Post');

export const PostEnvelopeSchema = Joi.object({ post: PostSchema.required() }).label('PostEnvelope');

export const AsyncEnvelopeSchema = Joi.object({
  post: PostSchema,
  status: Joi.string().valid(...POST_STATUSES).required(),
  poll: Joi.string().required().description('Relative URL of the post to poll, /api/v1/posts/{id}'),
}).label('AsyncEnvelope');

export const PaginatedPostsSchema = Joi.object({
  data: Joi.array().items(PostSchema).required(),
  page: Joi.object({
    next_cursor: Joi.string().allow(null).required(),
    has_more: Joi.boolean().required(),
  }).required(),
}).label('PaginatedPosts');

export const ListPostsQuery = Joi.object({
  status: Joi.string().valid(...POST_STATUSES),
  limit: Joi.number().integer().min(1).max(100).default(20),
  cursor: Joi.string().max(512).description('Opaque: pass back page.next_cursor unchanged.'),
});

export const CreatePostBody = Joi.object({
  idea: Joi.string().trim().min(1).max(2000).required(),
  research: Joi.boolean().default(false).description('Run web research on the idea first.'),
  template_id: Joi.string().max(100).description('A template id from GET /templates.'),
});

export const UpdatePostBody = Joi.object({
  body: Joi.string()
    .trim()
    .min(1)
    .max(3000)
    .required()
    .description('On LinkedIn, `#word` becomes a hashtag and `@[Name](urn:li:person:…)` (or `urn:li:organization:…`) a mention; everything else reads as written.'),
});
