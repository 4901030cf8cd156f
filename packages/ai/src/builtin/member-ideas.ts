import { MAX_IDEA_TITLE_LENGTH, type IdeaDraft, type IdeasRequest, type MemberProfile } from '../text-provider.js';
import { seededRandom, shuffle } from './random.js';
import { capitalise, shorten } from './text-tools.js';

/** Themes people in a field write about; the member's headline picks the field. */
const FIELDS: { match: RegExp; themes: string[] }[] = [
  { match: /engineer|developer|cto|architect|software|data|devops|tech/i, themes: ['code review', 'on-call', 'technical debt', 'deploys', 'estimates', 'documentation', 'hiring engineers', 'incident reviews', 'testing', 'architecture decisions'] },
  { match: /market|brand|growth|content|seo/i, themes: ['positioning', 'content calendars', 'campaign metrics', 'brand voice', 'customer research', 'launch plans', 'newsletters'] },
  { match: /sales|account|business development|partnership/i, themes: ['discovery calls', 'follow-ups', 'pricing conversations', 'pipeline reviews', 'objections', 'referrals', 'demos'] },
  { match: /design|ux|product/i, themes: ['user research', 'design reviews', 'prototypes', 'design systems', 'accessibility', 'roadmaps', 'handoffs'] },
  { match: /founder|ceo|head|director|manager|lead|chief/i, themes: ['one-on-ones', 'hiring', 'feedback', 'planning', 'delegation', 'meetings', 'saying no', 'team rituals'] },
];
const GENERAL_THEMES = ['meetings', 'feedback', 'priorities', 'focus time', 'learning new skills', 'mentoring', 'career moves', 'asking for help'];

type Shape = (theme: string, member: MemberProfile) => IdeaDraft | null;

const SHAPES: Shape[] = [
  (t) => ({ title: `The ${t} mistake I kept making, and what it cost`, angle: 'A specific example, the cost in time or money, and the fix that stuck' }),
  (t) => ({ title: `What I wish I had known about ${t} in my first year`, angle: 'Three lessons for people starting out, each with a real example' }),
  (t) => ({ title: `Why the usual advice on ${t} fails`, angle: 'A contrarian take: where the advice breaks, and what to do instead' }),
  (t, m) => (m.companyName ? { title: `How we changed ${t} at ${m.companyName.trim()}`, angle: 'Before and after, with one number that moved' } : null),
  (t) => ({ title: `${capitalise(t)}: the checklist I use every week`, angle: 'A short, practical list readers can copy today' }),
  (t) => ({ title: `One small change to ${t} that saved us hours`, angle: 'The change, why it worked, and how to try it in a week' }),
  (t) => ({ title: `Stop optimising ${t}. Do this first.`, angle: 'Challenge a common habit and offer a simpler first step' }),
  (t) => ({ title: `What good ${t} looks like from the inside`, angle: 'Concrete signals to look for, drawn from your own experience' }),
];

export const themesFor = (member: MemberProfile): string[] =>
  FIELDS.find((field) => field.match.test(member.headline ?? ''))?.themes ?? GENERAL_THEMES;

/**
 * Specific, angled ideas for a member: themes of their field crossed with post
 * shapes, shuffled by the seed, one theme per idea while themes last, never a
 * title the member already has.
 */
export function ideasForMember(request: IdeasRequest): IdeaDraft[] {
  const random = seededRandom(request.seed);
  const themes = shuffle(random, themesFor(request.member));
  const shapes = shuffle(random, SHAPES);
  const taken = new Set(request.avoid.map((title) => title.trim().toLowerCase()));
  const candidates: IdeaDraft[] = [];
  for (let round = 0; round < shapes.length; round += 1) {
    themes.forEach((theme, index) => {
      const idea = shapes[(index + round) % shapes.length]?.(theme, request.member);
      if (idea) candidates.push({ title: shorten(idea.title, MAX_IDEA_TITLE_LENGTH), angle: idea.angle });
    });
  }
  const ideas: IdeaDraft[] = [];
  for (const idea of candidates) {
    if (ideas.length >= request.count) break;
    const key = idea.title.toLowerCase();
    if (taken.has(key)) continue;
    taken.add(key);
    ideas.push(idea);
  }
  return ideas;
}
