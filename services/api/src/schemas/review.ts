import Joi from 'joi';
import type { RejectPostInput } from '../domain/review/index.js';

/** A review note's limit: room for a paragraph of reasons, not a second post. */
export const REVIEW_NOTE_MAX = 1000;

export const RejectBody = Joi.object<RejectPostInput, true>({
  note: Joi.string().trim().min(1).max(REVIEW_NOTE_MAX).allow(null).description(`Why, for the writer (at most ${REVIEW_NOTE_MAX} characters); shown as the post's review_note.`),
});
