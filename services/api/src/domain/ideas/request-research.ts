import { serviceUnavailable } from '@lps/common';
import { enqueue } from '@lps/queue';
import type { Needs } from '../deps.js';

export interface ResearchIdeasInput {
  keyword: string;
}

/** Where the caller finds the ideas research produces. */
export const RESEARCH_POLL_URL = '/api/v1/ideas';

/**
 * POST /ideas/research: records the request and enqueues the research worker.
 * The request row is what makes the job idempotent; if the queue cannot take
 * the job, the row is marked failed and the caller gets a 503 to retry.
 */
export async function requestResearch(
  { repos, queues, request: scope }: Needs<'createResearchRequest' | 'markResearchRequestNeverQueued', 'queues' | 'request'>,
  memberId: string,
  input: ResearchIdeasInput,
) {
  const request = await repos.createResearchRequest({ memberId, keyword: input.keyword });
  try {
    await enqueue(queues, 'research-keyword', { researchRequestId: request.id }, { requestId: scope.id });
  } catch (error) {
    await repos.markResearchRequestNeverQueued(request.id);
    throw serviceUnavailable('the job queue is unavailable; retry later', 5, error);
  }
  return { status: request.status, poll: RESEARCH_POLL_URL, research_id: request.id };
}
