import type { ResearchNote, ResearchProvider, ResearchQuery } from '../research-provider.js';
import { capitalise, lowerFirst, shorten } from '../builtin/text-tools.js';

/**
 * Offline research: no network. It cannot know facts, so it does not invent
 * any; its notes are the questions worth answering about the keyword from the
 * member's point of view, which the text provider turns into angled ideas.
 */
export class BuiltinResearchProvider implements ResearchProvider {
  readonly name = 'builtin';

  async gather({ query, member, limit }: ResearchQuery): Promise<ResearchNote[]> {
    const topic = shorten(query, 80);
    const t = lowerFirst(topic);
    const where = member.companyName ? `at ${member.companyName.trim()}` : 'in a team like yours';
    const role = member.headline ? lowerFirst(member.headline.trim()) : 'someone in your role';
    const notes: Omit<ResearchNote, 'url'>[] = [
      { title: `Where ${t} saves time and where it adds risk`, snippet: `Which tasks ${t} speeds up ${where}, and which new risks or upkeep it brings` },
      { title: `Common misconceptions about ${t}`, snippet: `What people outside the work get wrong about ${t}, and what ${role} sees instead` },
      { title: `How to measure ${t}`, snippet: `One number that shows whether ${t} is working, and how often to look at it` },
      { title: `First steps with ${t}`, snippet: `The smallest useful first step with ${t} for ${role}, and what to skip` },
      { title: `${capitalise(t)} a year from now`, snippet: `What is likely to change about ${t} over the next year, and how to prepare ${where}` },
    ];
    return notes.slice(0, limit).map((note) => ({ ...note, url: null }));
  }
}
