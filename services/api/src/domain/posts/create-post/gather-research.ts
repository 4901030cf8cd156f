import type { MemberProfile, ResearchNote } from '@lps/ai';
import type { Needs } from '../../deps.js';

/** Notes that ground one post; more would crowd out the member's own voice. */
const NOTES_PER_POST = 3;

/** A search query from an idea: its first sentence, short enough for a search engine. */
export function researchQueryOf(idea: string): string {
  const first = idea.trim().split(/(?<=[.!?])\s+|\n/)[0] ?? idea;
  return first.slice(0, 200).trim();
}

function deadline(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener('abort', () => reject(new Error(`research took longer than its time bound`)), { once: true });
  });
}

/**
 * The research step of POST /posts with research: true. It runs synchronously
 * but within LPS_RESEARCH_TIMEOUT; research only enriches a draft, so a source
 * that fails or is too slow leaves the post to be written without notes rather
 * than failing the request (docs/decisions/0004-ai-providers.md).
 */
export async function gatherResearch(
  { config, clients, request }: Needs<never, 'config' | 'clients' | 'request'>,
  member: MemberProfile,
  idea: string,
): Promise<ResearchNote[] | undefined> {
  if (!clients.research) return undefined;
  const signal = AbortSignal.timeout(config.ai.research.timeoutSeconds * 1000);
  try {
    const lookup = clients.research.gather({ query: researchQueryOf(idea), member, limit: NOTES_PER_POST, signal });
    return await Promise.race([lookup, deadline(signal)]);
  } catch (error) {
    request.log.warn('research for a post failed or timed out; writing the post without it', {
      provider: clients.research.name,
      error: (error as Error).message,
    });
    return undefined;
  }
}
