import Joi from 'joi';
import { defineSection } from './section.js';

export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

const rule = Joi.string()
  .pattern(/^\d+\/\d+$/)
  .messages({
    'string.pattern.base': '{{#label}} must look like <requests>/<seconds>, e.g. 600/60',
  });

const parseRule = (text: string): RateLimitRule => {
  const [points, durationSeconds] = text.split('/').map(Number) as [number, number];
  return { points, durationSeconds };
};

export const rateLimitSection = defineSection({
  variables: {
    LPS_RATE_LIMIT: rule.default('600/60'),
    LPS_RATE_LIMIT_GENERATION: rule.default('60/60'),
    /** Failed authentications a client address may make; past them it is refused (429) before any key lookup. */
    LPS_AUTH_FAILURE_LIMIT: rule.default('30/60'),
  },
  build: (env) => ({
    default: parseRule(env.LPS_RATE_LIMIT as string),
    generation: parseRule(env.LPS_RATE_LIMIT_GENERATION as string),
    authFailures: parseRule(env.LPS_AUTH_FAILURE_LIMIT as string),
  }),
});
