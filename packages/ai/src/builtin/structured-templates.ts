import { angleLine, choose, closingQuestion, concreteTakeaway, fillsOf, researchLines, whoLine, type TemplateWriter } from './draft-context.js';
import { organisation } from './english.js';
import { shuffle } from './random.js';
import { capitalise } from './text-tools.js';

/** How-to list: numbered steps the reader can apply today. */
export const writeHowTo: TemplateWriter = (c) => {
  const { question, opening, t, p } = fillsOf(c);
  const topic = c.reading.form === 'phrase' || c.reading.form === 'embedded' ? capitalise(c.reading.opening) : null;
  const bank = [
    t ? `Write down where you are today with ${t.text}: one number, one sentence.` : 'Write down where you are today: one number, one sentence.',
    p
      ? `Ask ${p.text} what should change first.`
      : t
        ? `Ask one person who deals with ${t.text} every day what they would change first.`
        : 'Ask the people closest to the work what they would change first.',
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
    choose(c, [
      topic && `${topic}: a practical playbook in ${count} steps.`,
      topic && `Want the practical version? ${topic}, in ${count} steps.`,
      !question && `${opening} The ${count}-step version you can try this week.`,
      question && `${opening} Here is the practical version, in ${count} steps.`,
    ]),
    ...(c.details ? [c.details] : []),
    steps.join('\n'),
    angleLine(c, { statement: 'Why this works:', brief: 'What this covers:' }),
    ...researchLines(c),
    concreteTakeaway(c, 'Start here:'),
    closingQuestion(c),
  ].filter((paragraph): paragraph is string => paragraph !== null);
};

/** Contrarian take: the common belief, why it fails, the better one. */
export const writeContrarian: TemplateWriter = (c) => {
  const { question, topic, claim, opening, t, p } = fillsOf(c);
  return [
    choose(c, [
      topic && `Unpopular opinion about ${topic}: most of the advice is backwards.`,
      claim && `Unpopular opinion: ${claim}`,
      !question && `${opening} I think the usual advice on this is wrong.`,
      question && `${opening} I think the usual answer is wrong.`,
      // A bare noun phrase after this reads like a fragment: only a sentence or a question follows it.
      !topic && `Here is a take you may not like. ${opening}`,
    ]),
    ...(c.details ? [c.details] : []),
    choose(c, [
      t && `The common belief: more effort on ${t.text} means better results.`,
      t && `The usual advice is to add more process around ${t.text}.`,
      t && `Most teams treat ${t.text} as a tooling problem.`,
      p && `The usual advice is to give ${p.text} more rules to follow.`,
      !t && 'The common belief: more effort means better results.',
      !t && !p && 'The usual advice is to add more process.',
    ]),
    choose(c, [
      'In my experience the opposite holds. The extra effort hides the real problem instead of fixing it.',
      'It sounds responsible, and it is how good teams end up slow.',
      'That belief survives because nobody measures what it costs.',
    ]),
    angleLine(c, { statement: 'What I would argue instead:', brief: 'My case, in short:' }) ?? 'What works better: fewer moving parts, clear ownership and a short feedback loop.',
    whoLine(c),
    ...researchLines(c),
    concreteTakeaway(c, 'Try this instead:'),
    closingQuestion(c),
  ];
};

/** Announcement: what happened, why it matters, what comes next. */
export const writeAnnouncement: TemplateWriter = (c) => {
  const { topic, claim, opening, t, p } = fillsOf(c);
  const plain = c.reading.form === 'statement' && !/[…?!]$/u.test(c.reading.opening);
  return [
    choose(c, [
      claim && `Some news I am glad to share: ${claim}`,
      plain && `${c.reading.opening.replace(/[.]$/u, '')}, and I wanted you to hear it here first.`,
      topic && `I have news to share about ${topic}.`,
      `Big day for us. ${opening}`,
    ]),
    ...(c.details ? [c.details] : []),
    angleLine(c, { statement: 'Why it matters:', brief: 'In short:' }) ??
      choose(c, [
        t && `Why it matters: it changes how we handle ${t.text}, and it is the result of months of quiet effort.`,
        p && `Why it matters: it changes how we work with ${p.text}, and it is the result of months of quiet effort.`,
        !t && !p && 'Why it matters: it changes how we work, and it is the result of months of quiet effort.',
      ]),
    ...(c.member.companyName?.trim() ? [`Thank you to everyone at ${organisation(c.member.companyName.trim())} who made it happen.`] : []),
    ...researchLines(c),
    choose(c, [
      'What comes next: we will share what we learn along the way, including the parts that do not go to plan.',
      'What comes next: the first results in a few weeks, and an honest look at what we would change.',
    ]),
    choose(c, ['If this is relevant to you, I would love to hear from you.', 'Questions? Ask below, and I will answer each one.', closingQuestion(c)]),
  ];
};
