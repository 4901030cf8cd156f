import { MAX_IDEAS_PER_RUN } from '@lps/ai';
import type { Needs } from '../../deps.js';
import { callTextProvider } from '../../generation/call-provider.js';
import { memberProfile, newSeed } from '../../posts/write-draft.js';
import { ideasFull, recordGeneratedIdeas } from './record-ideas.js';

/** Recent posts whose subjects seed new ideas. */
const TOPIC_POSTS = 30;

function summary(count: number, name: string | null, firstTitle: string | undefined): string {
  const forWhom = name ? ` for ${name}` : '';
  if (count === 0) return `No new ideas${forWhom} this time: every suggestion matched an idea you already have.`;
  const more = count > 1 ? ` and ${count - 1} more` : '';
  return `Generated ${count} new idea${count === 1 ? '' : 's'}${forWhom}: "${firstTitle}"${more}.`;
}

/**
 * POST /ideas/generate: up to 10 new ideas (source `generated`) and one idea.created
 * event, drawn from the member's headline and company, their recent posts and the
 * ideas they already have — none of which is suggested again.
 */
export async function generateIdeas(
  deps: Needs<'ideasAreFull' | 'findMemberProfile' | 'ideaTitles' | 'recentPostIdeas' | 'transaction', 'clients' | 'announceEvents'>,
  memberId: string,
) {
  const { repos } = deps;
  // Before paying for a generation that could not be stored.
  if (await repos.ideasAreFull(memberId)) throw ideasFull();
  const [member, avoid, topics] = await Promise.all([memberProfile(deps, memberId), repos.ideaTitles(memberId), repos.recentPostIdeas(memberId, TOPIC_POSTS)]);
  const drafts = await callTextProvider(() => deps.clients.textProvider.generateIdeas({ member, count: MAX_IDEAS_PER_RUN, avoid, topics, seed: newSeed() }));
  const ideas = await recordGeneratedIdeas(deps, memberId, drafts.slice(0, MAX_IDEAS_PER_RUN));
  return { result: summary(ideas.length, member.displayName, ideas[0]?.title), ideas };
}
