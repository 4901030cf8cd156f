import { MAX_IDEA_TITLE_LENGTH, type IdeaDraft, type IdeasRequest, type MemberProfile } from '../text-provider.js';
import { idea, PAIR_SHAPES, SHAPES, themeOfTitle, type Shape } from './idea-shapes.js';
import { readPhrase, thingsIn, type NounPhrase } from './idea-reading.js';
import { seededRandom, shuffle } from './random.js';
import { withoutMarks, writeSlotAsIs, type SlotWriter } from './slots.js';
import { shorten } from './text-tools.js';

/** Themes people in a field write about; every field the headline matches contributes. */
const FIELDS: { match: RegExp; themes: string[] }[] = [
  {
    match: /engineer|developer|cto|architect|software|data|devops|tech|sre|platform/i,
    themes: [
      'code review',
      'on-call',
      'technical debt',
      'deploys',
      'estimates',
      'documentation',
      'hiring engineers',
      'incident reviews',
      'testing',
      'architecture decisions',
      'pair programming',
      'legacy code',
      'observability',
      'developer onboarding',
    ],
  },
  {
    match: /market|brand|growth|content|seo|communications|pr\b/i,
    themes: [
      'positioning',
      'content calendars',
      'campaign metrics',
      'brand voice',
      'customer research',
      'launch plans',
      'newsletters',
      'landing pages',
      'case studies',
      'messaging tests',
    ],
  },
  {
    match: /sales|account|business development|partnership|revenue|customer success/i,
    themes: ['discovery calls', 'follow-ups', 'pricing conversations', 'pipeline reviews', 'objections', 'referrals', 'demos', 'renewals', 'cold outreach', 'closing plans'],
  },
  {
    match: /design|ux|product/i,
    themes: [
      'user research',
      'design reviews',
      'prototypes',
      'design systems',
      'accessibility',
      'roadmaps',
      'handoffs',
      'usability tests',
      'product discovery',
      'feature requests',
    ],
  },
  {
    match: /founder|ceo|head|director|manager|lead|chief|vp\b|president/i,
    themes: [
      'one-on-ones',
      'hiring',
      'feedback',
      'planning',
      'delegation',
      'meetings',
      'saying no',
      'team rituals',
      'performance reviews',
      'company culture',
      'board updates',
      'remote teams',
    ],
  },
  {
    match: /recruit|talent|people|hr\b|human resources/i,
    themes: ['job descriptions', 'interview loops', 'candidate experience', 'offer negotiations', 'onboarding', 'employer branding', 'retention'],
  },
  { match: /financ|accountant|cfo|analyst|investor|consult/i, themes: ['budgets', 'forecasts', 'board decks', 'unit economics', 'client reports', 'pricing models', 'cash flow'] },
];
const GENERAL_THEMES = [
  'meetings',
  'feedback',
  'priorities',
  'focus time',
  'learning new skills',
  'mentoring',
  'career moves',
  'asking for help',
  'writing at work',
  'saying no',
  'first jobs',
  'side projects',
  'remote work',
  'public speaking',
  'networking',
  'decision making',
  'team communication',
  'customer feedback',
  'burnout',
  'deadlines',
];

/** Titles the member wrote (not ours) read for themes, newest first. */
const MAX_TITLES_READ = 40;

/**
 * What a member's own title is about, as themes: up to two noun phrases the title names ("deploy time", "feature flags"),
 * a single word only when it is specific enough to carry a post ("Kubernetes", "burnout").
 */
function themesOfText(text: string): string[] {
  return thingsIn(text)
    .filter((phrase) => phrase.includes(' ') || phrase.length >= 7 || /^\p{Lu}/u.test(phrase))
    .slice(0, 2);
}

/** The member's field themes (every matching field), then general ones, then topics from their own posts and ideas. */
export function themesFor(member: MemberProfile, texts: readonly string[] = []): string[] {
  const headline = member.headline ?? '';
  const fieldThemes = FIELDS.filter((field) => field.match.test(headline)).flatMap((field) => field.themes);
  // Reading a title the member wrote takes compromise a millisecond or two: the newest few are enough to follow what they write about.
  let read = 0;
  const ownTopics = texts.flatMap((text) => {
    const own = themeOfTitle(text, member);
    if (own) return [own];
    read += 1;
    return read <= MAX_TITLES_READ ? themesOfText(text) : [];
  });
  const seen = new Set<string>();
  return [...fieldThemes, ...ownTopics, ...GENERAL_THEMES].filter((theme) => {
    const key = theme.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Every idea the builtin writer can suggest for these themes, in a seeded order
 * that spreads themes and shapes: first each theme in a single-theme shape
 * (round by round), then themes crossed in pairs. A few thousand for a typical
 * member, so a member pressing "generate" keeps getting new ones.
 */
function* candidates(themes: NounPhrase[], member: MemberProfile, random: () => number, slot: SlotWriter): Generator<IdeaDraft> {
  const shapes: Shape[] = shuffle(random, SHAPES);
  for (let round = 0; round < shapes.length; round += 1) {
    for (const [index, theme] of themes.entries()) {
      const made = shapes[(index + round) % shapes.length]?.(theme, member, slot);
      if (made) yield made;
    }
  }
  for (const pair of shuffle(random, PAIR_SHAPES)) {
    for (let offset = 1; offset < themes.length; offset += 1) {
      for (const [index, theme] of themes.entries()) yield pair(theme.text, (themes[(index + offset) % themes.length] as NounPhrase).text, slot);
    }
  }
}

/**
 * Specific, angled ideas for a member: themes from their headline, company,
 * posts and existing ideas crossed with post shapes, shuffled by the seed,
 * never a title the member already has.
 */
export function ideasForMember(request: IdeasRequest, slot: SlotWriter = writeSlotAsIs): IdeaDraft[] {
  const random = seededRandom(request.seed);
  const themes = shuffle(random, themesFor(request.member, [...(request.topics ?? []), ...request.avoid])).map(readPhrase);
  const taken = new Set(request.avoid.map((title) => title.trim().toLowerCase()));
  const ideas: IdeaDraft[] = [];
  for (const draft of candidates(themes, request.member, random, slot)) {
    if (ideas.length >= request.count) break;
    const title = shorten(draft.title, MAX_IDEA_TITLE_LENGTH);
    const key = withoutMarks(title).toLowerCase();
    if (taken.has(key)) continue;
    taken.add(key);
    ideas.push(idea(title, draft.angle));
  }
  return ideas;
}
