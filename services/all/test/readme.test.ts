import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configVariables } from '@lps/config';

// The README is the front door: it must stay true as variables and commands are added.
const root = process.env.LPS_TEST_ROOT ?? process.cwd();
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README', () => {
  it('starts with the two commands', () => {
    const firstSection = readme.slice(readme.indexOf('## '), readme.indexOf('## ', readme.indexOf('## ') + 3));
    expect(firstSection).toMatch(/npm start/);
    expect(firstSection).toMatch(/npm test/);
  });

  it.each(configVariables())('documents the environment variable %s', (variable) => {
    expect(readme).toContain(`\`${variable}\``);
  });

  it('documents every CLI command', () => {
    for (const command of ['member create', 'member list', 'member connect', 'member connections', 'key create', 'key list', 'key revoke']) {
      expect(readme).toContain(`lps -- ${command}`);
    }
  });
});
