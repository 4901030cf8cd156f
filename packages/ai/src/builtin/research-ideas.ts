import { MAX_IDEA_ANGLE_LENGTH, MAX_IDEA_TITLE_LENGTH, type IdeaDraft, type ResearchIdeasRequest } from '../text-provider.js';
import { pick, seededRandom, shuffle } from './random.js';
import { capitalise, lowerFirst, shorten } from './text-tools.js';

function audienceOf(request: ResearchIdeasRequest): string {
  if (request.member.companyName) return `teams like ours at ${request.member.companyName.trim()}`;
  if (request.member.headline) return `anyone working as ${lowerFirst(request.member.headline.trim())}`;
  return 'people in our field';
}

const sourceOf = (url: string | null): string => {
  if (!url) return '';
  try {
    return ` (source: ${new URL(url).hostname.replace(/^www\./, '')})`;
  } catch {
    return '';
  }
};

/**
 * Ideas grounded in research notes: one per note (its finding is the angle),
 * then keyword-only ideas when the notes run out. Titles already taken are skipped.
 */
export function ideasFromNotes(request: ResearchIdeasRequest): IdeaDraft[] {
  const random = seededRandom(request.seed);
  const keyword = shorten(request.keyword, 80);
  const k = capitalise(keyword);
  const audience = audienceOf(request);
  const fromNotes = request.notes.map((note) => {
    const finding = shorten(note.title || note.snippet, 90).replace(/[.!?…]*$/, '');
    const title = pick(random, [
      `${k}: what "${finding}" means for ${audience}`,
      `${k}, explained through one finding: ${finding}`,
      `The ${lowerFirst(keyword)} shift I would watch: ${finding}`,
      `${k}: "${finding}", and my take on it`,
    ]);
    const evidence = shorten(note.snippet || note.title, 400).replace(/[.!?…]*$/, '');
    return { title, angle: `Start from this: ${evidence}${sourceOf(note.url)}. Add what you have seen yourself.` };
  });
  const general = shuffle(random, [
    { title: `${k}: the questions nobody asks before starting`, angle: `Three questions ${audience} should answer first, with your own answers` },
    { title: `${k} in practice: a before-and-after`, angle: 'One concrete case, the numbers before and after, and what surprised you' },
    { title: `Three myths about ${lowerFirst(keyword)}`, angle: 'Each myth, why people believe it, and what you have seen instead' },
    { title: `Where ${lowerFirst(keyword)} saves time, and where it costs more than it saves`, angle: 'An honest trade-off from your own work' },
    { title: `How I would explain ${lowerFirst(keyword)} to a new colleague`, angle: 'Plain words, one example, one warning' },
  ]);
  const taken = new Set(request.avoid.map((title) => title.trim().toLowerCase()));
  const ideas: IdeaDraft[] = [];
  for (const idea of [...fromNotes, ...general]) {
    if (ideas.length >= request.count) break;
    const title = shorten(idea.title, MAX_IDEA_TITLE_LENGTH);
    if (taken.has(title.toLowerCase())) continue;
    taken.add(title.toLowerCase());
    ideas.push({ title, angle: shorten(idea.angle, MAX_IDEA_ANGLE_LENGTH) });
  }
  return ideas;
}
