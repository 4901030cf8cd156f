import { Dialect, LocalLinter, type Lint } from 'harper.js';
import { binary } from 'harper.js/binary';

/**
 * Harper (an offline grammar checker: its WebAssembly binary ships in the npm
 * package and is read from disk) as a reader of the builtin writer's drafts,
 * with every rule it has on by default, except the few below, each for a stated reason.
 */
const RULES_OFF: Record<string, boolean> = {};

let linter: Promise<LocalLinter> | undefined;

async function harper(): Promise<LocalLinter> {
  linter ??= (async () => {
    const made = new LocalLinter({ binary, dialect: Dialect.American });
    await made.setup();
    await made.setLintConfig({ ...(await made.getLintConfig()), ...RULES_OFF });
    return made;
  })();
  return linter;
}

export interface GrammarProblem {
  rule: string;
  text: string;
  message: string;
}

const cache = new Map<string, GrammarProblem[]>();

/** What harper reports on one paragraph (drafts repeat paragraphs, so each is read once). */
async function paragraphProblems(paragraph: string): Promise<GrammarProblem[]> {
  const known = cache.get(paragraph);
  if (known) return known;
  const organised = await (await harper()).organizedLints(paragraph);
  const problems = Object.entries(organised).flatMap(([rule, lints]: [string, Lint[]]) => lints.map((lint) => ({ rule, text: lint.get_problem_text(), message: lint.message() })));
  cache.set(paragraph, problems);
  return problems;
}

/**
 * Words the member wrote (the idea, their name, company, research notes) are
 * theirs to spell: names and jargon ("Kubernetes", "EBITDA") join the spell
 * checker's dictionary. The writer's own words are checked like any other.
 */
export async function knowWords(texts: readonly string[]): Promise<void> {
  const words = new Set(texts.flatMap((text) => text.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu) ?? []));
  await (await harper()).importWords([...words]);
  cache.clear();
}

/** The hashtag line closes every draft: tags, not prose (PascalCase on purpose, decision 0013). */
const isHashtagLine = (paragraph: string) => /^#\S+( #\S+)*$/u.test(paragraph.trim());

async function problemsIn(text: string): Promise<GrammarProblem[]> {
  const paragraphs = text.split(/\n{2,}/).filter((paragraph) => paragraph.trim() && !isHashtagLine(paragraph));
  const found: GrammarProblem[] = [];
  for (const paragraph of paragraphs) found.push(...(await paragraphProblems(paragraph)));
  return found;
}

const key = (problem: GrammarProblem) => `${problem.rule}\u0000${problem.text.toLowerCase()}`;

/**
 * Harper's problems in a draft, paragraph by paragraph (a post's paragraphs are
 * independent), split in two: the `writer`'s, and the `member`'s — the same rule
 * on the same words when harper reads the member's own text alone (the idea,
 * the angle, the notes), which a draft quotes as written ("What new managers
 * wish…" is read as "knew"; "say no to" as "not to"). No rule is turned off.
 */
export async function grammarReport(text: string, memberTexts: readonly string[]): Promise<{ writer: GrammarProblem[]; member: GrammarProblem[] }> {
  const theirs = new Set((await Promise.all(memberTexts.filter(Boolean).map(problemsIn))).flat().map(key));
  const found = await problemsIn(text);
  return { writer: found.filter((problem) => !theirs.has(key(problem))), member: found.filter((problem) => theirs.has(key(problem))) };
}

/** The writer's problems in a draft written from these texts of the member's. */
export async function grammarProblems(text: string, memberTexts: readonly string[]): Promise<GrammarProblem[]> {
  return (await grammarReport(text, memberTexts)).writer;
}
