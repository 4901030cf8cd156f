import Joi from 'joi';
import { POLL_DURATION_DAYS, type PollDays, type PostPoll } from '@lps/db';
import { LINKEDIN_POLL_OPTION_MAX, LINKEDIN_POLL_OPTIONS_MAX, LINKEDIN_POLL_OPTIONS_MIN, LINKEDIN_POLL_QUESTION_MAX } from '@lps/network';
import { CONTROL_OR_DIRECTION } from './alt-text.js';

/** A poll's words are one line each: no line breaks or tabs either (decision 0033). */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/u;

/**
 * Two options a voter cannot tell apart: the same words, whatever their case, composition or spacing.
 * joi compares the items even when some failed their own rule (a number, null): those are not options.
 */
const sameOption = (a: unknown, b: unknown): boolean => {
  const words = (option: string) => option.normalize('NFC').replace(/\s+/gu, ' ').toLocaleLowerCase('und');
  return typeof a === 'string' && typeof b === 'string' && words(a) === words(b);
};

/**
 * A question or option: trimmed, not empty, at most `max` characters (UTF-16
 * code units, as every limit of this API counts), on one line, without control or
 * text-direction characters. Markup such as `<script>` is text like any other: it
 * is stored, shown and sent as those characters, never interpreted.
 */
const pollText = (max: number) =>
  Joi.string()
    .trim()
    .min(1)
    .max(max)
    .custom((value: string, helpers) => (CONTROL_OR_DIRECTION.test(value) || LINE_BREAK.test(value) ? helpers.error('string.pollCharacters') : value))
    .messages({ 'string.pollCharacters': '{{#label}} must be one line without control or text-direction characters' });

export const DEFAULT_POLL_DAYS: PollDays = 7;

/** The poll as the API shows it (`Post.poll`). */
export const PostPollSchema = Joi.object<PostPoll, true>({
  question: Joi.string().max(LINKEDIN_POLL_QUESTION_MAX).required(),
  options: Joi.array().items(Joi.string().max(LINKEDIN_POLL_OPTION_MAX)).min(LINKEDIN_POLL_OPTIONS_MIN).max(LINKEDIN_POLL_OPTIONS_MAX).required(),
  duration_days: Joi.number()
    .valid(...POLL_DURATION_DAYS)
    .required()
    .description('How long the poll takes votes: 1, 3, 7 or 14 days from publication.'),
})
  .label('Poll')
  .description('A LinkedIn poll (decision 0033): one vote per member; results are not readable with the member’s token.');

/** What PATCH /posts/{id} takes as `poll`. */
export interface PollInput {
  question: string;
  options: string[];
  /** Defaulted by the schema (7). */
  duration_days: PollDays;
}

export const PollBody = Joi.object<PollInput, true>({
  question: pollText(LINKEDIN_POLL_QUESTION_MAX).required().description(`At most ${LINKEDIN_POLL_QUESTION_MAX} characters, one line.`),
  options: Joi.array()
    .items(pollText(LINKEDIN_POLL_OPTION_MAX))
    .min(LINKEDIN_POLL_OPTIONS_MIN)
    .max(LINKEDIN_POLL_OPTIONS_MAX)
    .unique(sameOption)
    .required()
    .description(
      `${LINKEDIN_POLL_OPTIONS_MIN}–${LINKEDIN_POLL_OPTIONS_MAX} options of at most ${LINKEDIN_POLL_OPTION_MAX} characters each, in the order voters see them; two options that differ only in case or spacing are refused.`,
    ),
  duration_days: Joi.number()
    .valid(...POLL_DURATION_DAYS)
    .default(DEFAULT_POLL_DAYS)
    .description('1, 3, 7 or 14 days (default 7).'),
}).meta({ title: 'PollChoice' });
