import Joi from 'joi';
// The preview's shape is written once, by previewPost: this schema takes its type, so the two cannot drift (decision 0023).
import type { ProposedContent, WirePreview } from '../domain/posts/index.js';
import { nullableString } from './common.js';
import { PollBody, PostPollSchema } from './poll.js';

/**
 * How long a proposed body may be: more than a post may hold (3,000), so that a member typing past
 * the limit still sees the preview say by how much to shorten it.
 */
export const PROPOSED_BODY_MAX = 10_000;

export const PreviewProposalBody = Joi.object<ProposedContent, true>({
  body: Joi.string()
    .trim()
    .allow('')
    .max(PROPOSED_BODY_MAX)
    .description(
      `The text as it stands in the editor (trimmed as PATCH would save it; at most ${PROPOSED_BODY_MAX.toLocaleString('en-US')} characters, so an over-long text is still previewed). Omitted: the saved body.`,
    ),
  poll: PollBody.allow(null).description("The poll as it stands in the editor; null: without a poll. Omitted: the saved poll. A poll beside the post's media is 422, as in PATCH."),
}).meta({ title: 'PreviewProposal' });

export const PreviewSchema = Joi.object<WirePreview, true>({
  commentary: Joi.string()
    .allow('')
    .required()
    .description(
      "Exactly what publishing sends as LinkedIn's `commentary`, in LinkedIn's little-text format (reserved characters escaped, hashtags and mentions as its elements).",
    ),
  characters: Joi.number()
    .integer()
    .min(0)
    .required()
    .description('`commentary` counted as LinkedIn counts it against `limit`: UTF-16 code units of the text as sent, escapes and hashtag markup included (decision 0032).'),
  limit: Joi.number().integer().valid(3000).required(),
  over_limit: Joi.boolean().required().description('true: publishing fails without sending anything; shorten the body.'),
  text: Joi.string().allow('').required().description('Additive: what readers see — escapes gone, hashtags as #word, mentions as the name alone; line breaks as written.'),
  fold: Joi.object({
    lines: Joi.number().integer().required(),
    lines_when_third_is_blank: Joi.number().integer().required(),
  })
    .required()
    .description('Additive: LinkedIn folds a post behind "…see more" after this many rendered lines of `text` (observed, not documented by LinkedIn).'),
  hashtags: Joi.array().items(Joi.string()).required().description('The hashtags LinkedIn will make, as readers see them (#word), in order.'),
  mentions: Joi.array()
    .items(Joi.object({ name: Joi.string().required(), urn: Joi.string().required() }).label('PreviewMention'))
    .required(),
  link: Joi.object({
    url: Joi.string().uri().required(),
    status: Joi.string().valid('pending', 'ready', 'unavailable').required(),
    title: nullableString().required(),
    description: nullableString().required(),
    image_url: Joi.string().uri().allow(null).required(),
    shown: Joi.boolean().required().description('The card goes out under the text (false: turned off, crowded out by media or a poll, or its page could not be read).'),
  })
    .label('PreviewLink')
    .allow(null)
    .required()
    .description("The link card of the body's first link (or the member's chosen page); null without a link."),
  media: Joi.array()
    .items(
      Joi.object({
        kind: Joi.string().valid('image', 'document', 'video').required(),
        url: Joi.string().uri().required(),
        alt_text: nullableString().required(),
        title: nullableString().required().description('Documents: the title LinkedIn shows.'),
      }).label('PreviewMedium'),
    )
    .required()
    .description('What LinkedIn shows under the text, in order: 1–20 images, a document or a video; [] for none.'),
  poll: PostPollSchema.allow(null).required().description('Additive: the poll published with the post; null without one.'),
  warnings: Joi.array().items(Joi.string()).required().description('In words: what will not come out as it looks, or will not go out at all.'),
}).label('PostPreview');

export const PreviewEnvelopeSchema = Joi.object({ preview: PreviewSchema.required() }).label('PostPreviewEnvelope');
