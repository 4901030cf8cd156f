import type { ImageCallRefusal } from '@lps/queue';

/** The file itself is refused (a 422 naming the field); any other error is the service's own trouble. */
export class ContentProblem extends Error {
  override readonly name = 'ContentProblem';
}

export const refused = (problem: ImageCallRefusal['problem'], message: string): ImageCallRefusal => ({ outcome: 'refused', problem, message });

/** The caller stopped waiting before the work was done: nothing of it is kept. */
export const ABANDONED = refused('abandoned', 'the caller stopped waiting; nothing was kept');
