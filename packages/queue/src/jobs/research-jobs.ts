import Joi from 'joi';
import { defineJob, KEEP_HISTORY } from './job-definition.js';

export interface ResearchKeywordPayload {
  researchRequestId: string;
}

export const researchJobs = {
  'research-keyword': defineJob({
    queue: 'research',
    schema: Joi.object<ResearchKeywordPayload>({ researchRequestId: Joi.string().guid().required() }),
    options: { attempts: 3, backoff: { type: 'exponential', delay: 2_000 }, ...KEEP_HISTORY },
    jobId: ({ researchRequestId }) => `research-${researchRequestId}`,
  }),
};
