import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const promptsDir = fileURLToPath(new URL('../prompts/', import.meta.url));

describe('prompt files', () => {
  const files = readdirSync(promptsDir);

  it('has one versioned file per task, each with a system and a user section', () => {
    expect(files.sort()).toEqual(['generate-ideas.v1.md', 'research-ideas.v1.md', 'write-post.v1.md']);
    for (const file of files) {
      const text = readFileSync(`${promptsDir}${file}`, 'utf8');
      expect(text).toMatch(/^## system$/m);
      expect(text).toMatch(/^## user$/m);
    }
  });

  it('puts the member’s display name, headline and company into every prompt', () => {
    for (const file of files) {
      const text = readFileSync(`${promptsDir}${file}`, 'utf8');
      for (const field of ['{{display_name}}', '{{headline}}', '{{company}}']) expect(text).toContain(field);
    }
  });
});
