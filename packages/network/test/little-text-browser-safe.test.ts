import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// composeCommentary runs in the dashboard's browser bundle too (the instant local preview beside the
// editor, decision 0032): little-text.ts and everything it imports, however deep, must stay plain
// TypeScript — no `node:` module, no package (a package may need Node or pull one in), no Node global.
const root = process.env.LPS_TEST_ROOT ?? process.cwd();
const ENTRY = join(root, 'packages', 'network', 'src', 'little-text.ts');

const SPECIFIERS = /(?:\bimport\s[^'"]*?from\s*|\bexport\s[^'"]*?from\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
const NODE_GLOBALS = /\b(?:Buffer|process|__dirname|__filename|global|setImmediate)\b|import\.meta\.(?:url|dirname|filename)/;

/** The code without its comments and string contents: what would run. */
const code = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:\\])\/\/.*$/gm, '$1')
    .replace(/`(?:\\.|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g, '""');

interface Finding {
  file: string;
  problem: string;
}

/** Every file little-text.ts reaches, and what in them a browser could not run. */
function walk(entry: string): { files: string[]; findings: Finding[] } {
  const files: string[] = [];
  const findings: Finding[] = [];
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.includes(file)) continue;
    files.push(file);
    const source = readFileSync(file, 'utf8');
    const name = relative(root, file);
    for (const [, specifier] of source.matchAll(SPECIFIERS)) {
      if (!specifier) continue;
      if (specifier.startsWith('./') || specifier.startsWith('../')) pending.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else findings.push({ file: name, problem: `imports ${specifier}` });
    }
    const global = NODE_GLOBALS.exec(code(source));
    if (global) findings.push({ file: name, problem: `uses ${global[0]}` });
  }
  return { files: files.map((file) => relative(root, file)), findings };
}

describe('little-text.ts is safe for the browser', () => {
  it('imports, however deep, no node: module, no package and uses no Node global', () => {
    const { files, findings } = walk(ENTRY);
    expect(files).toContain(join('packages', 'network', 'src', 'little-text-notes.ts'));
    expect(findings).toEqual([]);
  });

  it('the check itself finds a node: import, a package and a Node global', () => {
    const findings = [
      ["import { createHash } from 'node:crypto';", 'imports node:crypto'],
      ["import got from 'got';", 'imports got'],
      ["export { x } from '@lps/common';", 'imports @lps/common'],
      ["const fs = await import('fs');", 'imports fs'],
      ['const bytes = Buffer.from(text);', 'uses Buffer'],
    ].map(([source]) => {
      const found = [...(source as string).matchAll(SPECIFIERS)].map((match) => `imports ${match[1]}`);
      const global = NODE_GLOBALS.exec(code(source as string));
      return [...found, ...(global ? [`uses ${global[0]}`] : [])];
    });
    expect(findings).toEqual([['imports node:crypto'], ['imports got'], ['imports @lps/common'], ['imports fs'], ['uses Buffer']]);
    // Words in comments and strings are not code.
    expect(NODE_GLOBALS.test(code("// a Buffer in a comment\nconst note = 'process this';"))).toBe(false);
  });
});
