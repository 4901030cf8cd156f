import Joi from 'joi';
// The use case's input type is the schema's static type (decision 0023): written once, checked against the schema by tsc.
import type { CreatePostInput } from '../domain/posts/index.js';
// The post's JSON shape is written once, by postToWire in @lps/db: these schemas take its types, so a
// field renamed, added or removed on either side (or given another kind) fails tsc (decision 0023).
import type { ImageCandidate, PostImage, WireLinkPreview, WirePost } from '@lps/db';
import { altText } from './alt-text.js';
import { dateTime, nullableDateTime, nullableString, nullableUri, uuid } from './common.js';
import { PollBody, PostPollSchema, type PollInput } from './poll.js';

export const POST_STATUSES = ['draft', 'draft_saved', 'approved', 'generating_images', 'scheduled', 'published', 'rejected'] as const;

export const ImageCandidateSchema = Joi.object<ImageCandidate, true>({
  base_url: Joi.string().uri().required(),
  width: Joi.number().integer().allow(null).required(),
  height: Joi.number().integer().allow(null).required(),
  kind: Joi.string().valid('image', 'document', 'video').required().description("`video` (additive): an uploaded MP4, published through LinkedIn's Videos API."),
  source: Joi.string().valid('generated', 'upload').required(),
  title: Joi.string().max(100).description('Documents uploaded as a file or URL: the title LinkedIn shows, from the file name (path, control and direction characters removed).'),
  duration_seconds: Joi.number().min(0).description('Videos only (additive): how long the video plays, from its MP4 header.'),
  alt_text: Joi.string().description(
    'Additive. Images: what it shows, for screen readers — the words of a generated design, or the alt text given with an upload. Selecting the image publishes it unless another is given.',
  ),
  shows_text: Joi.string().description(
    "Additive. Designs this service drew: the post's words already drawn in it. select-image draws no overlay on such an image (the text would show twice).",
  ),
}).label('ImageCandidate');

export const PostImageSchema = Joi.object<PostImage, true>({
  image_url: Joi.string().uri().required(),
  alt_text: nullableString().required().description("Sent to LinkedIn as the image's altText; null: none."),
}).label('PostImage');

/** How long a card's texts may be; longer page texts are cut at a word (decision 0017). */
export const LINK_TITLE_MAX = 300;
export const LINK_DESCRIPTION_MAX = 1000;

export const LinkPreviewSchema = Joi.object<WireLinkPreview, true>({
  url: Joi.string().uri().required().description("The page the card opens: the body's first link, or the one the member chose."),
  enabled: Joi.boolean().required().description('false when the member turned the card off: the post is published as plain text.'),
  status: Joi.string()
    .valid('pending', 'ready', 'unavailable')
    .required()
    .description(
      'pending: the page is being read (a job, never the request); ready: the card is known; unavailable: the page could not be read — the post is published as plain text unless the member gave a title.',
    ),
  title: nullableString().max(LINK_TITLE_MAX).required().description("The member's title, else the page's Open Graph / Twitter card title, else its <title>, else its address."),
  description: nullableString().max(LINK_DESCRIPTION_MAX).required(),
  image_url: nullableUri().required().description("The page's image as this service stored it (a JPEG of at most 1200 px), uploaded to LinkedIn as the card's thumbnail."),
  site_name: nullableString().required(),
  edited: Joi.boolean().required().description('The member set the url, title or description.'),
  note: nullableString().required().description('Why the page gave no card (unreachable, not HTML, …) or what of it could not be used.'),
  fetched_at: nullableDateTime().required(),
})
  .label('LinkPreview')
  .description('The link card LinkedIn shows under the text: published when the post has no image, document or video.');

export const PostSchema = Joi.object<WirePost, true>({
  id: uuid().required(),
  status: Joi.string()
    .valid(...POST_STATUSES)
    .required(),
  idea: nullableString().required(),
  body: nullableString().required(),
  image_url: nullableUri().required(),
  scheduled_at: nullableDateTime().required(),
  published_at: nullableDateTime().required(),
  network_post_urn: nullableString().required(),
  network_url: nullableUri().required(),
  format: Joi.string()
    .valid('text', 'image', 'document', 'video', 'poll')
    .required()
    .description('`video` and `poll` are additive: an uploaded MP4 (image_url is its address); a poll (`poll`), which carries no media.'),
  auto_generated: Joi.boolean().required(),
  created_at: dateTime().required(),
  image_candidates: Joi.array().items(ImageCandidateSchema).allow(null).description('Absent until the first image generation or upload.'),
  last_error: nullableString().description('Why the last publication failed, if it did.'),
  link_preview: LinkPreviewSchema.allow(null).description(
    "The link card of the body's first link (or the member's chosen page); null without a link. Additive: not in the base contract.",
  ),
  images: Joi.array()
    .items(PostImageSchema)
    .max(20)
    .required()
    .description(
      "Additive. The post's images in publishing order, each with its alt text: the first is image_url; 2–20 publish as one multi-image post. [] for text and document posts.",
    ),
  poll: PostPollSchema.allow(null).required().description('Additive: the poll published under the text (format `poll`); null without one.'),
  review_note: nullableString()
    .max(1000)
    .required()
    .description('Additive. Why the reviewer rejected the post (POST /posts/{id}/reject); null until a rejection, cleared by an approval.'),
}).label('Post');

export const PostEnvelopeSchema = Joi.object({ post: PostSchema.required() }).label('PostEnvelope');

export const AsyncEnvelopeSchema = Joi.object({
  post: PostSchema,
  status: Joi.string()
    .valid(...POST_STATUSES)
    .required(),
  poll: Joi.string().required().description('Relative URL of the post to poll, /api/v1/posts/{id}'),
}).label('AsyncEnvelope');

export const PaginatedPostsSchema = Joi.object({
  data: Joi.array().items(PostSchema).required(),
  page: Joi.object({
    next_cursor: Joi.string().allow(null).required(),
    has_more: Joi.boolean().required(),
  }).required(),
}).label('PaginatedPosts');

export type PostStatusName = (typeof POST_STATUSES)[number];

export interface ListPostsInput {
  status?: PostStatusName;
  /** Defaulted by the schema (20). */
  limit: number;
  cursor?: string;
}

export const ListPostsQuery = Joi.object<ListPostsInput, true>({
  status: Joi.string().valid(...POST_STATUSES),
  limit: Joi.number().integer().min(1).max(100).default(20),
  cursor: Joi.string().max(512).description('Opaque: pass back page.next_cursor unchanged.'),
});

export const CreatePostBody = Joi.object<CreatePostInput, true>({
  idea: Joi.string().trim().min(1).max(2000).required(),
  research: Joi.boolean().default(false).description('Run web research on the idea first.'),
  template_id: Joi.string().max(100).description('A template id from GET /templates.'),
});

const httpUrl = Joi.string()
  .max(2048)
  .uri({ scheme: ['http', 'https'] })
  .custom((value: string, helpers) => (new URL(value).username || new URL(value).password ? helpers.error('string.uriCustomScheme') : value))
  .messages({ 'string.uriCustomScheme': '{{#label}} must be an http(s) URL without credentials' });

export interface LinkPreviewChoices {
  enabled?: boolean;
  url?: string | null;
  title?: string | null;
  description?: string | null;
}

export const LinkPreviewChoicesBody = Joi.object<LinkPreviewChoices, true>({
  enabled: Joi.boolean().description('false turns the card off (the post goes out as plain text); true turns it back on.'),
  url: httpUrl.allow(null).description("Another page than the body's first link; null goes back to the body's link. The page is read again."),
  title: Joi.string().trim().min(1).max(LINK_TITLE_MAX).allow(null).description("The card's title instead of the page's; null goes back to the page's."),
  description: Joi.string().trim().min(1).max(LINK_DESCRIPTION_MAX).allow(null).description("The card's description instead of the page's; null goes back to the page's."),
})
  .min(1)
  // A title, not a label: joi puts a label in its messages, and a message names the wire field (link_preview).
  .meta({ title: 'LinkPreviewChoices' });

export interface PostImageChoice {
  image_url: string;
  alt_text?: string | null;
}

/** At least one of the four (joi's `or`). */
export interface UpdatePostInput {
  body?: string;
  link_preview?: LinkPreviewChoices;
  images?: PostImageChoice[];
  /** null removes the poll (decision 0033). */
  poll?: PollInput | null;
}

export const UpdatePostBody = Joi.object<UpdatePostInput, true>({
  body: Joi.string()
    .trim()
    .min(1)
    .max(3000)
    .description(
      'On LinkedIn, `#word` becomes a hashtag and `@[Name](urn:li:person:…)` (or `urn:li:organization:…`) a mention; everything else reads as written. Its first http(s) link becomes a link card (`link_preview`).',
    ),
  link_preview: LinkPreviewChoicesBody.description("Additive: the member's choices for the link card. Either field may come alone; at least one is required."),
  images: Joi.array()
    .items(
      Joi.object<PostImageChoice, true>({
        image_url: Joi.string()
          .uri({ scheme: ['http', 'https'] })
          .max(2048)
          .required()
          .description("One of the post's images or image candidates."),
        alt_text: altText().description('Omitted: the image keeps its alt text (a candidate\'s own when newly added); null or "": none.'),
      }).meta({ title: 'PostImageChoice' }),
    )
    .min(1)
    .max(20)
    .description(
      "Additive: the post's images in their new order — reorder, remove, add candidates, set alt text. 1 image is a single-image post, 2–20 a multi-image post. Never drawn over.",
    ),
  poll: PollBody.allow(null).description(
    'Additive: makes the post a poll (format `poll`), replacing any poll it had; null removes it. A poll carries no image, document or video (422 on a post that has one); not with `images` in the same request.',
  ),
})
  .or('body', 'link_preview', 'images', 'poll')
  .messages({ 'object.missing': 'give at least one of body, link_preview, images or poll' });
