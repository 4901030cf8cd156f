import Joi from 'joi';
import { defineJob, KEEP_HISTORY } from './job-definition.js';

export interface ResearchKeywordPayload {
  researchRequestId: string;
}

export interface FetchLinkPreviewPayload {
  postId: string;
  /** The link's request (posts.link_preview.request_id): a job for a link the post no longer has writes nothing. */
  requestId: string;
}

export const researchJobs = {
  /** Handled by `researchKeyword` in services/research/src/domain/research-keyword.ts. */
  'research-keyword': defineJob({
    queue: 'research',
    schema: Joi.object<ResearchKeywordPayload, true>({ researchRequestId: Joi.string().guid().required() }),
    options: { attempts: 3, backoff: { type: 'exponential', delay: 2_000 }, ...KEEP_HISTORY },
    jobId: ({ researchRequestId }) => `research-${researchRequestId}`,
  }),
  /**
   * Reads the page a post's first link points to — Open Graph / Twitter card
   * title, description and image, through the outbound guard, with size and time
   * limits — for its link card (decision 0017). On the research worker: it reads
   * the web for members already, and a slow page waits there, not in the image
   * worker's few CPU slots. One job per link: a saved body with the same link
   * joins it; a finished one is removed, so the publisher can ask again.
   * Handled by `fetchLinkPreview` in services/research/src/domain/link-preview/fetch-link-preview.ts.
   */
  'fetch-link-preview': defineJob({
    queue: 'research',
    schema: Joi.object<FetchLinkPreviewPayload, true>({ postId: Joi.string().guid().required(), requestId: Joi.string().guid().required() }),
    options: { attempts: 2, backoff: { type: 'fixed', delay: 2_000 }, ...KEEP_HISTORY, removeOnComplete: true },
    jobId: ({ requestId }) => `link-preview-${requestId}`,
  }),
};
