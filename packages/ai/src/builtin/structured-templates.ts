import { closingQuestion, concreteTakeaway, inSentence, researchLines, whoLine, type TemplateWriter } from './draft-context.js';
import { pick, shuffle } from './random.js';
import { lowerFirst } from './text-tools.js';

/** How-to list: numbered steps the reader can apply today. */
export const writeHowTo: TemplateWriter = (c) => {
  const bank = [
    `Write down where you are today with ${c.keyword}: one number, one sentence.`,
    `Ask one person who deals with ${c.keyword} daily what they would change first.`,
    'Pick the smallest change that could make a visible difference.',
    'Remove one step instead of adding one.',
    'Try it for two weeks, no longer.',
    'Share what happened with the people it touches, including what did not work.',
    'Keep what worked, drop the rest, and repeat.',
  ];
  const count = 3 + Math.floor(c.random() * 3);
  // A random subset, kept in the bank's order so the steps still read as a sequence.
  const chosen = new Set(shuffle(c.random, bank).slice(0, count));
  const steps = bank.filter((step) => chosen.has(step)).map((step, index) => `${index + 1}. ${step}`);
  return [
    pick(c.random, [
      `${c.topic}: a practical playbook in ${count} steps.`,
      `${c.topic}. The ${count}-step version you can try this week.`,
      `Want the practical version? ${c.topic}, in ${count} steps.`,
    ]),
    ...(c.details ? [c.details] : []),
    steps.join('\n'),
    ...(c.angle ? [`Why this works: ${lowerFirst(c.angle)}.`] : []),
    ...researchLines(c),
    concreteTakeaway(c, 'Start here:'),
    closingQuestion(c),
  ];
};

/** Contrarian take: the common belief, why it fails, the better one. */
export const writeContrarian: TemplateWriter = (c) => [
  pick(c.random, [
    `Unpopular opinion about ${inSentence(c)}: most of the advice is backwards.`,
    `${c.topic}. I think the usual advice on this is wrong.`,
    `Here is a take you may not like. ${c.topic}.`,
  ]),
  ...(c.details ? [c.details] : []),
  pick(c.random, [
    `The common belief: more effort on ${c.keyword} means better results.`,
    `The usual advice is to add more process around ${c.keyword}.`,
    `Most teams treat ${c.keyword} as a tooling problem.`,
  ]),
  pick(c.random, [
    'In my experience the opposite holds. The extra effort hides the real problem instead of fixing it.',
    'It sounds responsible, and it is how good teams end up slow.',
    'That belief survives because nobody measures what it costs.',
  ]),
  c.angle ? `What I would argue instead: ${lowerFirst(c.angle)}.` : 'What works better: fewer moving parts, clear ownership and a short feedback loop.',
  whoLine(c),
  ...researchLines(c),
  concreteTakeaway(c, 'Try this instead:'),
  closingQuestion(c),
];

/** Announcement: what happened, why it matters, what comes next. */
export const writeAnnouncement: TemplateWriter = (c) => [
  pick(c.random, [`Some news I am glad to share: ${inSentence(c)}.`, `Big day for us. ${c.topic}.`, `${c.topic}, and I wanted you to hear it here first.`]),
  ...(c.details ? [c.details] : []),
  c.angle ? `Why it matters: ${lowerFirst(c.angle)}.` : `Why it matters: it changes how we work on ${c.keyword}, and it is the result of months of quiet effort.`,
  ...(c.member.companyName ? [`Thank you to everyone at ${c.member.companyName.trim()} who made it happen.`] : []),
  ...researchLines(c),
  pick(c.random, [
    'What comes next: we will share what we learn along the way, including the parts that do not go to plan.',
    'What comes next: the first results in a few weeks, and an honest look at what we would change.',
  ]),
  pick(c.random, ['If this is relevant to you, I would love to hear from you.', 'Questions? Ask below, I will answer every one.', closingQuestion(c)]),
];
