import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
    for (const command of ['member create', 'member list', 'member connect', 'member connections', 'key create', 'key list', 'key revoke', 'encryption rotate']) {
      expect(cli).toContain(`lps -- ${command}`);
    }
  });

  it('links between the documents resolve', () => {
    for (const file of ['api.md', 'configuration.md', 'cli.md', 'content.md', 'publishing.md', 'webhooks.md', 'mcp.md', 'operations.md', 'benchmarks.md']) {
      // Inline code is not a link (`@[Name](urn:li:person:…)` is how a mention is written).
      const text = read(join('docs', file)).replace(/`[^`\n]*`/g, '');
      for (const match of text.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)) {
        const link = match[1] as string;
        if (/^https?:/.test(link)) continue;
        expect([file, link, existsSync(join(root, 'docs', link))]).toEqual([file, link, true]);
      }
    }
  });
});
