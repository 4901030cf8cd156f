import { closingQuestion, concreteTakeaway, inSentence, researchLines, whoLine, type TemplateWriter } from './draft-context.js';
import { pick } from './random.js';
import { lowerFirst } from './text-tools.js';

/** Story: a moment, a turning point, what it taught. */
export const writeStory: TemplateWriter = (c) => [
  pick(c.random, [
    `${c.topic}. It started with a small decision nobody noticed.`,
    `A year ago I would not have written this post: ${inSentence(c)}.`,
    `This is a short story about ${inSentence(c)}.`,
    `${c.topic}. Here is how it actually happened.`,
  ]),
  ...(c.details ? [c.details] : []),
  whoLine(c),
  c.angle
    ? `The turning point: ${lowerFirst(c.angle)}.`
    : pick(c.random, [
        'The turning point was not a tool or a process. It was deciding to look at what was really happening, week by week.',
        'What changed was simple: we stopped guessing and started writing down what we saw.',
        'The turning point came from a question someone asked in a meeting, and nobody could answer it.',
      ]),
  ...researchLines(c),
  concreteTakeaway(c, pick(c.random, ['My takeaway:', 'If you take one thing from this:', 'What I would tell my younger self:'])),
  closingQuestion(c),
];

/** Lesson learned: the mistake, what changed, the rule kept since. */
export const writeLessonLearned: TemplateWriter = (c) => [
  pick(c.random, [`I got this wrong for years: ${inSentence(c)}.`, `A mistake I made, so you don't have to. ${c.topic}.`, `${c.topic}. A lesson I learned the hard way.`]),
  ...(c.details ? [c.details] : []),
  pick(c.random, [
    `The mistake: I assumed ${c.keyword} would sort itself out once the team was busy with the "real" work.`,
    `The mistake: I treated ${c.keyword} as a detail, and details compound.`,
    `The mistake: I waited for the perfect moment to deal with ${c.keyword}. It never came.`,
  ]),
  c.angle ? `What changed: ${lowerFirst(c.angle)}.` : whoLine(c),
  ...researchLines(c),
  concreteTakeaway(c, 'The rule I keep now:'),
  closingQuestion(c),
];
