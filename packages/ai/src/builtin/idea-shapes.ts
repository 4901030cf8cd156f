import type { IdeaDraft, MemberProfile } from '../text-provider.js';
import { capitalise } from './text-tools.js';

export type Shape = (theme: string, member: MemberProfile) => IdeaDraft | null;

export const idea = (title: string, angle: string | null): IdeaDraft => ({ title, angle });

/**
 * Post shapes as templates: `{t}` is the theme, `{T}` the theme capitalised,
 * `{company}` the member's company (a shape that needs it is skipped without).
 * Written so any noun phrase reads naturally in the slot, singular or plural.
 */
const TEMPLATES: Array<[title: string, angle: string]> = [
  ['The {t} mistake I kept making, and what it cost', 'A specific example, the cost in time or money, and the fix that stuck'],
  ['What I wish I had known about {t} in my first year', 'Three lessons for people starting out, each with a real example'],
  ['Why the usual advice on {t} fails', 'A contrarian take: where the advice breaks, and what to do instead'],
  ['How we changed {t} at {company}', 'Before and after, with one number that moved'],
  ['{T}: the checklist I use every week', 'A short, practical list readers can copy today'],
  ['One small change to {t} that saved us hours', 'The change, why it worked, and how to try it in a week'],
  ['Stop optimising {t}. Do this first.', 'Challenge a common habit and offer a simpler first step'],
  ['What good {t} looks like from the inside', 'Concrete signals to look for, drawn from your own experience'],
  ['The question I now ask before any talk about {t}', 'One question, the story that taught it, and what it changes'],
  ['{T} in five sentences', 'Compress what you know into five lines a newcomer can use tomorrow'],
  ['A story about {t} I still think about', 'One moment, told in detail, and the lesson you took from it'],
  ['Three signs your approach to {t} needs a reset', 'Warning signs readers can check against their own week'],
  ['The metric that told us the truth about {t}', 'Which number, how you measured it, and what it revealed'],
  ['What nobody tells you about {t}', 'An honest detail that rarely makes it into the advice'],
  ['I was wrong about {t}', 'What you believed, what changed your mind, and what you do now'],
  ['{T} at {company}: what a normal week looks like', 'A transparent look at the routine behind the results'],
  ['How to get better at {t} without more meetings', 'Practical habits that fit into the work you already do'],
  ['The {t} template I give every new teammate', 'Share the template, line by line, and why each part is there'],
  ['Ten years of {t}, one lesson', 'Boil a long experience down to the single thing that matters'],
  ['When to ignore best practices on {t}', 'The situations where the rulebook costs more than it saves'],
  ['A bad week of {t}, and what we fixed after it', 'A short post-mortem: what broke, why, and the change that followed'],
  ['{T}: what I tell people who are new to it', 'The advice you give in person, written down'],
  ['The hidden cost of ignoring {t}', 'Show the slow, compounding cost with one concrete example'],
  ['How I explain {t} to people outside my field', 'An analogy that makes it click, and why it matters to them'],
  ['Before you start on {t}, ask these questions', 'A short list of questions that prevent the usual mistakes'],
  ['The best advice on {t} I ever got', 'Who gave it, when, and how you have used it since'],
  ['{T} is a team sport', 'Why it fails when one person owns it, and how to share it'],
  ['The smallest useful habit for {t}', 'A five-minute habit, and what it has added up to'],
  ['What {company} taught me about {t}', 'A lesson from your company, told through one real situation'],
  ['Myths about {t} I hear every month', 'Name three myths and answer each with experience'],
];

const fill = (template: string, theme: string, company: string): string => template.replace('{T}', capitalise(theme)).replace('{t}', theme).replace('{company}', company);

export const SHAPES: Shape[] = TEMPLATES.map(([title, angle]) => (theme, member) => {
  const company = member.companyName?.trim() ?? '';
  if (title.includes('{company}') && !company) return null;
  return idea(fill(title, theme, company), angle);
});

/** Two themes at once: how one part of the work shapes another. */
export const PAIR_SHAPES: Array<(a: string, b: string) => IdeaDraft> = [
  (a, b) => idea(`What ${a} taught me about ${b}`, 'Connect two parts of your work through one experience'),
  (a, b) => idea(`${capitalise(a)} and ${b}: the link nobody talks about`, 'Show how improving one quietly improved the other'),
  (a, b) => idea(`Fixing ${b} by starting with ${a}`, 'A surprising first step, and why it worked better than the obvious one'),
];

const escapeForRegExp = (text: string): string => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** Each template as a pattern that recovers the theme from a title it produced. */
const PATTERNS = TEMPLATES.map(([title]) => title);

/** The theme of a title one of our shapes wrote (so an idea the member kept seeds more like it), if any. */
export function themeOfTitle(title: string, member: MemberProfile): string | undefined {
  const company = member.companyName?.trim() ?? '';
  for (const template of PATTERNS) {
    if (template.includes('{company}') && !company) continue;
    const source = escapeForRegExp(template).replace('\\{T\\}', '(.+?)').replace('\\{t\\}', '(.+?)').replace('\\{company\\}', escapeForRegExp(company));
    const match = new RegExp(`^${source}$`, 'i').exec(title.trim());
    if (match?.[1]) return match[1].toLowerCase();
  }
  return undefined;
}
