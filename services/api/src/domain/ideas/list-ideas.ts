import { ideaToWire, type IdeaStatus } from '@lps/db';
import type { Needs } from '../deps.js';

/** GET /ideas: the member's ideas, of one status when asked. */
export async function listIdeas({ repos }: Needs<'readIdeas'>, memberId: string, status?: IdeaStatus) {
  return { data: (await repos.readIdeas(memberId, status)).map(ideaToWire) };
}
