import { sleep } from '@lps/common';
import { ideaToWire, type IdeaSource } from '@lps/db';
import type { Needs } from '../deps.js';

/** Waits (bounded) until ideas from `source` created after `since` exist, and returns them. */
export async function waitForNewIdeas({ repos }: Needs<'findIdeasCreatedSince'>, memberId: string, since: Date, source: IdeaSource, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const ideas = await repos.findIdeasCreatedSince(memberId, source, since);
    if (ideas.length > 0 || Date.now() >= deadline) return { ideas: ideas.map(ideaToWire), settled: ideas.length > 0 };
    await sleep(Math.min(500, Math.max(0, deadline - Date.now())));
  }
}
