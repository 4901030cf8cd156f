import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// The rooms of the house (README, "Layout"): queries live in packages/db, use cases in
// each service's domain/, and the network package knows HTTP and LinkedIn only. These
// rules are read from the source, so a query written in the wrong room fails here.
const root = process.env.LPS_TEST_ROOT ?? process.cwd();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'generated') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const srcFiles = ['packages', 'services'].flatMap((top) =>
  readdirSync(join(root, top))
    .map((name) => join(root, top, name, 'src'))
    .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    .flatMap(sourceFiles),
);

/** Prisma's model delegates (`db.post`, `tx.imageRequest`, …), from the schema itself. */
const delegates = [...readFileSync(join(root, 'prisma/schema.prisma'), 'utf8').matchAll(/^model (\w+) \{/gm)].map(
  (match) => (match[1] as string).charAt(0).toLowerCase() + (match[1] as string).slice(1),
);
const PRISMA_QUERY = new RegExp(
  `\\.(?:${delegates.join('|')})\\.(?:findUnique|findUniqueOrThrow|findFirst|findMany|create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy)\\(|\\.\\$(?:queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe)\\b`,
);

// Seeding rows for a test or a benchmark is not the product's data access: those two packages may write rows directly.
const SEEDERS = ['packages/testing/', 'packages/bench/'];

describe('the rooms of the code', () => {
  it('reads the Prisma schema and the sources (so the rules below cannot pass on nothing)', () => {
    expect(delegates).toEqual(expect.arrayContaining(['post', 'networkConnection', 'imageRequest', 'researchRequest']));
    expect(srcFiles.length).toBeGreaterThan(200);
  });

  it('runs every query in packages/db (its repositories and reads)', () => {
    const outside = srcFiles
      .map((file) => relative(root, file))
      .filter((file) => !file.startsWith('packages/db/') && !SEEDERS.some((seeder) => file.startsWith(seeder)))
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ line, where: `${file}:${index + 1}` }))
          .filter(({ line }) => PRISMA_QUERY.test(line))
          .map(({ where, line }) => `${where}: ${line.trim()}`),
      );
    expect(outside).toEqual([]);
  });

  it('keeps the network package free of the database: the LinkedIn client works without the generated client', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages/network/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain('@lps/db');
    const importers = srcFiles.filter((file) => file.includes('/packages/network/src/') && /from '@lps\/db'/.test(readFileSync(file, 'utf8')));
    expect(importers.map((file) => relative(root, file))).toEqual([]);
  });

  it.each(['services/api', 'services/research'])('keeps pixels and PDFs out of %s (decision 0006): it neither depends on nor imports a decoder or a PDF parser', (service) => {
    const manifest = JSON.parse(readFileSync(join(root, service, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).filter((name) => ['sharp', 'pdf-lib', 'fontkit'].includes(name))).toEqual([]);
    const importers = srcFiles
      .filter((file) => file.includes(`/${service}/src/`))
      .filter((file) => /from '(?:sharp|pdf-lib|@lps\/ai\/image(?:\/fit)?)'|import\('(?:sharp|pdf-lib|@lps\/ai\/image(?:\/fit)?)'\)/.test(readFileSync(file, 'utf8')));
    expect(importers.map((file) => relative(root, file))).toEqual([]);
  });
});
