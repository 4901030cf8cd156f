import Joi from 'joi';
import { MAX_IDEA_ANGLE_LENGTH, MAX_IDEA_TITLE_LENGTH, type IdeaDraft } from '../text-provider.js';

/** What a post answer must look like. Length is fitted afterwards (fitToLimit), not refused: models overshoot. */
export const postAnswerSchema = Joi.object<{ body: string }>({
  body: Joi.string().trim().min(20).max(20_000).required(),
});

/** What an ideas answer must look like; over-long angles are cut rather than refused. */
export const ideasAnswerSchema = Joi.object<{ ideas: IdeaDraft[] }>({
  ideas: Joi.array()
    .items(
      Joi.object({
        title: Joi.string().trim().min(3).max(MAX_IDEA_TITLE_LENGTH).required(),
        angle: Joi.string()
          .trim()
          .allow('', null)
          .max(MAX_IDEA_ANGLE_LENGTH * 2)
          .default(null),
      }),
    )
    .min(1)
    .required(),
});
