import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { configVariables } from '@lps/config';

// The README is the front door and docs/ the rooms behind it: both must stay true as variables and commands are added.
const root = process.env.LPS_TEST_ROOT ?? process.cwd();
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');

describe('README', () => {
  it('starts with the two commands, and stays a front door (about 150 lines)', () => {
    const firstSection = readme.slice(readme.indexOf('## '), readme.indexOf('## ', readme.indexOf('## ') + 3));
    expect(firstSection).toMatch(/npm start/);
    expect(firstSection).toMatch(/npm test/);
    expect(readme.split('\n').length).toBeLessThanOrEqual(160);
  });

  it('links only to files that exist', () => {
    const links = [...readme.matchAll(/\]\(([^)#]+)\)/g)].map((match) => match[1] as string).filter((link) => !/^https?:/.test(link));
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect([link, existsSync(join(root, link))]).toEqual([link, true]);
  });
});

describe('docs/', () => {
  const configuration = read('docs/configuration.md');
  it.each(configVariables())('configuration.md documents the environment variable %s', (variable) => {
    expect(configuration).toContain(`\`${variable}\``);
  });

  it('cli.md documents every CLI command', () => {
    const cli = read('docs/cli.md');
    for (const command of [
      'member create',
      'member list',
      'member connect',
      'member connections',
      'key create',
      'key list',
      'key revoke',
      'encryption rotate',
      'member sign-in-link',
      'sandbox fail-next',
    ]) {
      expect(cli).toContain(`lps -- ${command}`);
    }
  });

  // Relative links and their #anchors, as GitHub renders them: a moved section must take its links along.
  it.each(documentsLinked())('links in %s resolve, anchors included', (file) => {
    const text = withoutCode(read(file));
    for (const match of text.matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)/g)) {
      const [, path = '', anchor] = match;
      if (/^[a-z]+:/.test(path)) continue;
      const target = path === '' ? file : join(dirname(file), path);
      expect([file, path, existsSync(join(root, target))]).toEqual([file, path, true]);
      if (anchor && target.endsWith('.md')) expect([file, `${path}#${anchor}`, headingAnchors(read(target)).has(anchor)]).toEqual([file, `${path}#${anchor}`, true]);
    }
  });
});

describe('docs/decisions/', () => {
  const folder = 'docs/decisions';
  const decisions = readdirSync(join(root, folder))
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .sort();
  const index = read(`${folder}/README.md`);

  it('numbers every decision once, without gaps', () => {
    const numbers = decisions.map((name) => Number(name.slice(0, 4)));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it.each(decisions)('%s says its status under its title and is in the index', (name) => {
    const lines = read(`${folder}/${name}`).split('\n');
    expect(lines[0]).toMatch(new RegExp(`^# ${name.slice(0, 4)} — `));
    expect(lines[2]).toMatch(/^Status: (accepted|superseded by \d{4}|partly superseded by \d{4}(, \d{4})*)/);
    for (const other of lines[2]!.match(/\d{4}/g) ?? []) expect(decisions.some((file) => file.startsWith(other))).toBe(true);
    expect(index).toContain(`](${name})`);
  });
});

/** The checked documents: docs/ and its subfolders, the decisions and their index included. */
function documentsLinked(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith('.md')) found.push(join(dir, entry.name));
    }
  };
  walk('docs');
  return found.sort();
}

/** Inline code and fenced blocks are not links (`@[Name](urn:li:person:…)` is how a mention is written). */
function withoutCode(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors (lower case, punctuation dropped, spaces to hyphens, repeats numbered) and explicit `<a id="…">`s. */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>([...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1] as string));
  const seen = new Map<string, number>();
  for (const [, heading = ''] of withoutFences(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function withoutFences(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}
