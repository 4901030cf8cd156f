import { MAX_IDEA_ANGLE_LENGTH, MAX_IDEA_TITLE_LENGTH, type IdeaDraft, type ResearchIdeasRequest } from '../text-provider.js';
import { agree, organisation, roleOf } from './english.js';
import { inSentence, readPhrase } from './idea-reading.js';
import { pick, seededRandom, shuffle } from './random.js';
import { withoutMarks, writeSlotAsIs, type SlotWriter } from './slots.js';
import { capitalise, shorten } from './text-tools.js';

function audienceOf(request: ResearchIdeasRequest): string {
  if (request.member.companyName?.trim()) return `teams like ours at ${organisation(request.member.companyName.trim())}`;
  const role = roleOf(request.member.headline);
  return role ? `anyone working as ${role}` : 'people in our field';
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
 * then keyword-only ideas when the notes run out. Titles already taken are
 * skipped. The keyword is read once, so a verb after it agrees with it
 * ("where code reviews save time").
 */
export function ideasFromNotes(request: ResearchIdeasRequest, slot: SlotWriter = writeSlotAsIs): IdeaDraft[] {
  const random = seededRandom(request.seed);
  const keyword = readPhrase(shorten(request.keyword, 80));
  // At the start of a title, capitalised; inside one, as a phrase reads in a sentence ("AI" and "Kubernetes" keep their capitals).
  const first = slot('keyword', capitalise(keyword.text));
  const inside = slot('keyword', inSentence(keyword.text));
  const audience = audienceOf(request);
  const fromNotes = request.notes.map((note) => {
    const finding = shorten(note.title || note.snippet, 90).replace(/[.!?…]*$/, '');
    const title = pick(random, [
      `${first}: what "${finding}" means for ${audience}`,
      `${first}, seen through one data point: ${finding}`,
      `What I would watch in ${inside}: ${finding}`,
      `${first}: "${finding}", and my take on it`,
    ]);
    const evidence = shorten(note.snippet || note.title, 400).replace(/[.!?…]*$/, '');
    return { title, angle: `Start from this: ${evidence}${sourceOf(note.url)}. Add what you have seen yourself.` };
  });
  const [saves, it, costs] = [agree(keyword, 'saves'), agree(keyword, 'it'), agree(keyword, 'costs')];
  const general = shuffle(random, [
    { title: `${first}: the questions nobody asks before starting`, angle: `Three questions ${audience} should answer first, with your own answers` },
    { title: `${first} in practice: a before-and-after`, angle: 'One concrete case, the numbers before and after, and what surprised you' },
    { title: `Three myths about ${inside}`, angle: 'Each myth, why people believe it, and what you have seen instead' },
    { title: `Where ${inside} ${saves} time, and where ${it} ${costs} more than ${it} ${saves}`, angle: 'An honest trade-off from your own work' },
    { title: `How I would explain ${inside} to a new colleague`, angle: 'Plain words, one example, one warning' },
  ]);
  const taken = new Set(request.avoid.map((title) => title.trim().toLowerCase()));
  const ideas: IdeaDraft[] = [];
  for (const idea of [...fromNotes, ...general]) {
    if (ideas.length >= request.count) break;
    const title = shorten(idea.title, MAX_IDEA_TITLE_LENGTH);
    const key = withoutMarks(title).toLowerCase();
    if (taken.has(key)) continue;
    taken.add(key);
    ideas.push({ title, angle: shorten(idea.angle, MAX_IDEA_ANGLE_LENGTH) });
  }
  return ideas;
}
