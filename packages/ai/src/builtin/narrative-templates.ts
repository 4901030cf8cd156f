import { angleLine, choose, closingQuestion, concreteTakeaway, fillsOf, researchLines, whoLine, type TemplateWriter } from './draft-context.js';
import { pick } from './random.js';

/** Story: a moment, a turning point, what it taught. */
export const writeStory: TemplateWriter = (c) => {
  const { question, topic, claim, opening, t } = fillsOf(c);
  return [
    choose(c, [
      !question && `${opening} It started with a small decision nobody noticed.`,
      !question && `${opening} Here is how it actually happened.`,
      topic && `This is a short story about ${topic}.`,
      topic && `A year ago I could not have written about ${topic}.`,
      claim && `A year ago I would not have written this: ${claim}`,
      question && `${opening} I used to have a quick answer. Then something happened that changed it.`,
      question && `${opening} My answer changed this year, and here is the story.`,
    ]),
    ...(c.details ? [c.details] : []),
    whoLine(c),
    angleLine(c, { statement: 'The turning point:', brief: 'What I want to share:' }) ??
      choose(c, [
        'The turning point was not a tool or a process. It was deciding to look at what was really happening, week by week.',
        'What changed was simple: we stopped guessing and started writing down what we saw.',
        'The turning point came from a question someone asked in a meeting, and nobody could answer it.',
        t && `The turning point came when we looked closely at ${t.text} every week, and wrote down what we saw.`,
      ]),
    ...researchLines(c),
    concreteTakeaway(c, pick(c.random, ['My takeaway:', 'If you take one thing from this:', 'What I would tell my younger self:'])),
    closingQuestion(c),
  ];
};

/** Lesson learned: the mistake, what changed, the rule kept since. */
export const writeLessonLearned: TemplateWriter = (c) => {
  const { question, topic, claim, opening, t, p } = fillsOf(c);
  const nounPhrase = c.reading.form === 'phrase' ? topic : null;
  return [
    choose(c, [
      nounPhrase && `I was wrong about ${nounPhrase} for years.`,
      claim && `I got this wrong for years: ${claim}`,
      `A mistake I made, so you don't have to. ${opening}`,
      !question && `${opening} A lesson I learned the hard way.`,
      question && `${opening} I answered it wrong for years.`,
    ]),
    ...(c.details ? [c.details] : []),
    choose(c, [
      t && `The mistake: I assumed ${t.text} would sort itself out once the team was busy with the "real" work.`,
      t && `The mistake: I treated ${t.text} as a detail, and details compound.`,
      t && `The mistake: I waited for the perfect moment to deal with ${t.text}. It never came.`,
      p && `The mistake: I made decisions for ${p.text} without asking first.`,
      !t && !p && 'The mistake: I treated it as a detail, and details compound.',
      !t && 'The mistake: I waited for the perfect moment. It never came.',
    ]),
    angleLine(c, { statement: 'What changed:', brief: 'What I want to share:' }) ?? whoLine(c),
    ...researchLines(c),
    concreteTakeaway(c, 'The rule I keep now:'),
    closingQuestion(c),
  ];
};
