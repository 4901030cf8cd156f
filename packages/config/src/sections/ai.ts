import Joi from 'joi';
import { durationMs } from '../duration.js';
import { defineSection } from './section.js';

export const aiSection = defineSection({
  variables: {
    LPS_AI_PROVIDER: Joi.string().valid('builtin', 'openai').default('builtin'),
    OPENAI_BASE_URL: Joi.string()
      .uri({ scheme: ['http', 'https'] })
      .default('https://api.openai.com/v1'),
    OPENAI_API_KEY: Joi.string().allow(''),
    LPS_AI_MODEL: Joi.string().default('gpt-4o-mini'),
    LPS_IMAGE_MODEL: Joi.string().default('gpt-image-1'),
    LPS_AI_TIMEOUT: durationMs('30s', { min: '1s' }),
    LPS_AI_RETRIES: Joi.number().integer().min(0).max(10).default(2),
    // Research: `builtin` works offline; `searxng` needs LPS_SEARCH_URL (a SearxNG-compatible JSON API).
    LPS_RESEARCH_PROVIDER: Joi.string().valid('builtin', 'searxng'),
    LPS_SEARCH_URL: Joi.string()
      .uri({ scheme: ['http', 'https'] })
      .when('LPS_RESEARCH_PROVIDER', { is: 'searxng', then: Joi.required() }),
    /** Bound on one search request, and on the whole research step of POST /posts with research: true. */
    LPS_RESEARCH_TIMEOUT: durationMs('10s', { min: '1s', max: '2m' }),
  },
  build: (env) => {
    const searchUrl = (env.LPS_SEARCH_URL as string | undefined)?.replace(/\/+$/, '') ?? undefined;
    return {
      provider: env.LPS_AI_PROVIDER as 'builtin' | 'openai',
      openai: {
        baseUrl: (env.OPENAI_BASE_URL as string).replace(/\/+$/, ''),
        apiKey: (env.OPENAI_API_KEY as string | undefined) || undefined,
        textModel: env.LPS_AI_MODEL as string,
        imageModel: env.LPS_IMAGE_MODEL as string,
        timeoutSeconds: (env.LPS_AI_TIMEOUT as number) / 1_000,
        retries: env.LPS_AI_RETRIES as number,
      },
      searchUrl,
      research: {
        // Without an explicit choice, a configured search URL means web research.
        provider: ((env.LPS_RESEARCH_PROVIDER as string | undefined) ?? (searchUrl ? 'searxng' : 'builtin')) as 'builtin' | 'searxng',
        searchUrl,
        timeoutSeconds: (env.LPS_RESEARCH_TIMEOUT as number) / 1_000,
      },
    };
  },
});
