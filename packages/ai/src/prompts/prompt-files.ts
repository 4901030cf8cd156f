import { readFileSync } from 'node:fs';

export type PromptTask = 'write-post' | 'generate-ideas' | 'research-ideas';

/** Versions in use; a new wording is a new file (`<task>.v2.md`) and a change here, so old prompts stay reviewable. */
const PROMPT_VERSIONS: Record<PromptTask, number> = { 'write-post': 1, 'generate-ideas': 1, 'research-ideas': 1 };

export interface ChatPrompt {
  system: string;
  user: string;
  /** e.g. "write-post.v1", logged with each call. */
  id: string;
}

// From dist/prompts/ (or src/prompts/) up to the package root: the prompt files ship next to dist.
const PROMPTS_DIR = new URL('../../prompts/', import.meta.url);
const cache = new Map<string, { system: string; user: string }>();

function load(file: string): { system: string; user: string } {
  const cached = cache.get(file);
  if (cached) return cached;
  const text = readFileSync(new URL(file, PROMPTS_DIR), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const match = /^##\s*system\s*$([\s\S]*?)^##\s*user\s*$([\s\S]*)$/m.exec(text);
  if (!match) throw new Error(`prompt file ${file} needs a "## system" and a "## user" section`);
  const sections = { system: (match[1] ?? '').trim(), user: (match[2] ?? '').trim() };
  cache.set(file, sections);
  return sections;
}

function fill(template: string, values: Record<string, string>, file: string): string {
  return template
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`prompt ${file} uses {{${name}}}, which was not given`);
      return value;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Reads `prompts/<task>.v<N>.md` and fills its `{{placeholders}}`; a missing value is a bug, so it throws. */
export function renderPrompt(task: PromptTask, values: Record<string, string>): ChatPrompt {
  const file = `${task}.v${PROMPT_VERSIONS[task]}.md`;
  const { system, user } = load(file);
  return { system: fill(system, values, file), user: fill(user, values, file), id: `${task}.v${PROMPT_VERSIONS[task]}` };
}
