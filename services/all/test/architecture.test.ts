import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// The rooms of the house (README, "Layout"): queries live in packages/db, use cases in
// each service's domain/, and the network package knows HTTP and LinkedIn only. The
// import rules are dependency-cruiser's (.dependency-cruiser.cjs); the query rule, which
// is about calls and not imports, is read from the source here.
const root = process.env.LPS_TEST_ROOT ?? process.cwd();

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

/** Runs the cruiser on every package's and service's sources; its JSON report's violations. */
function cruise(): { violations: Violation[]; modules: number; rules: string[] } {
  const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const dirs = ['packages', 'services'].flatMap((top) =>
    readdirSync(join(root, top))
      .map((name) => `${top}/${name}/src`)
      .filter((dir) => statSync(join(root, dir), { throwIfNoEntry: false })?.isDirectory()),
  );
  const run = spawnSync(process.execPath, [cli, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...dirs], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`dependency-cruiser printed nothing: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as {
    summary: { violations: Violation[]; totalCruised: number; ruleSetUsed: { forbidden: { name: string }[] } };
  };
  const { violations, totalCruised, ruleSetUsed } = report.summary;
  return { violations, modules: totalCruised, rules: ruleSetUsed.forbidden.map((rule) => rule.name) };
}

/** A violation as one line: the rule, the importer and what it imports (a package by its name). */
const describeViolation = (violation: Violation): string =>
  `${violation.rule.name}: ${violation.from} -> ${violation.to.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, '$1')}`;

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

// packages/db says its access style by folder (decision 0025): Prisma under repositories/, plain SQL
// under sql/, and access/repositories.ts binds each folder's index.ts, never a function by name.
const DB_SRC = 'packages/db/src/';
const dbFiles = srcFiles.map((file) => relative(root, file)).filter((file) => file.startsWith(DB_SRC));
/** A file's code without its comments (a comment may name the other style to say why it is not used). */
const codeOf = (file: string): string =>
  readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
/** Lines of `file` (comments aside) matching `pattern`, as `file: line`. */
const linesMatching = (file: string, pattern: RegExp): string[] =>
  codeOf(file)
    .split('\n')
    .filter((line) => pattern.test(line))
    .map((line) => `${file}: ${line.trim()}`);
/** The Prisma client: its types, its transactions or a query through it. */
const TAKES_PRISMA = new RegExp(`\\b(?:Db|DbOrTx|TransactionClient|inTransaction)\\b|\\$transaction\\b|${PRISMA_QUERY.source}`);
/** The plain-SQL pool: its types, pg itself, a prepared statement or a query on it. */
const TAKES_SQL = /\b(?:Sql|SqlPool|PoolClient|inSqlTransaction|runPrepared)\b|from 'pg'|\.query\(/;
/** Each style's folder, the index that lists its functions, and the clients access/repositories.ts may bind it to. */
const STYLES = [
  { folder: 'repositories/', index: 'repositories/index.ts', namespace: 'onPrisma', clients: ['db', 'tx'] },
  { folder: 'repositories/in-transaction/', index: 'repositories/in-transaction/index.ts', namespace: 'inPrismaTransaction', clients: ['tx'] },
  { folder: 'repositories/own-transaction/', index: 'repositories/own-transaction/index.ts', namespace: 'ownPrismaTransaction', clients: ['db'] },
  { folder: 'sql/', index: 'sql/index.ts', namespace: 'onSql', clients: ['sql'] },
];
const ACCESS = `${DB_SRC}access/repositories.ts`;

describe('the rooms of the code', () => {
  it('keeps the import rules of .dependency-cruiser.cjs: no cycle, no infrastructure, runtime or adapter in domain/, no upward or cross-service import', () => {
    const { violations, modules, rules } = cruise();
    // The rules were read and the graph is whole (workspace packages resolved to their sources), so an empty list means something.
    expect(rules).toEqual(
      expect.arrayContaining([
        'no-circular',
        'domain-no-infrastructure',
        'domain-takes-ports-not-the-runtime',
        'domain-declares-ports-adapters-implement-them',
        'api-entries-call-a-topic-through-its-index',
        'packages-never-import-services',
        'network-without-database',
      ]),
    );
    expect(modules).toBeGreaterThan(400);
    expect(violations.map(describeViolation)).toEqual([]);
  });

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

  it('keeps packages/db in the folder of its access style: sql/ never takes the Prisma client, repositories/ never the plain-SQL pool', () => {
    const sqlFiles = dbFiles.filter((file) => file.startsWith(`${DB_SRC}sql/`));
    const prismaFiles = dbFiles.filter((file) => file.startsWith(`${DB_SRC}repositories/`));
    // Both folders are there and full, so the empty lists below mean something.
    expect(Math.min(sqlFiles.length, prismaFiles.length)).toBeGreaterThan(10);
    expect(sqlFiles.flatMap((file) => linesMatching(file, TAKES_PRISMA))).toEqual([]);
    expect(prismaFiles.flatMap((file) => linesMatching(file, TAKES_SQL))).toEqual([]);
    // Nor through the other folder: a file of one style imports nothing of the other's.
    expect(sqlFiles.flatMap((file) => linesMatching(file, /from '[^']*\/repositories\//))).toEqual([]);
    expect(prismaFiles.flatMap((file) => linesMatching(file, /from '[^']*\/sql\//))).toEqual([]);
  });

  it('binds in access/repositories.ts only what the index of a style folder lists, and each index lists only its own folder', () => {
    const access = codeOf(ACCESS);
    // Every value imported from a style folder: the four indexes, each whole, as a namespace.
    const fromStyleFolders = [...access.matchAll(/^import (?!type )(.+) from '\.\.\/((?:repositories|sql)\/[^']*)';$/gm)].map((match) => `${match[1]} from ${match[2]}`);
    expect(fromStyleFolders.sort()).toEqual(STYLES.map(({ namespace, index }) => `* as ${namespace} from ${index.replace(/\.ts$/, '.js')}`).sort());
    for (const { folder, index, namespace, clients } of STYLES) {
      const bound = [...access.matchAll(new RegExp(`bindClient\\((\\w+), ${namespace}\\)`, 'g'))].map((match) => match[1]);
      expect({ namespace, bound: bound.length > 0 && bound.every((client) => clients.includes(client as string)) }).toEqual({ namespace, bound: true });
      // An index only re-exports, and only from files of its own folder (repositories/'s not from its two sub-folders).
      const code = codeOf(`${DB_SRC}${index}`);
      const reExports = [...code.matchAll(/export \{[\w\s,]+\} from '([^']+)';/g)];
      const ownFile = folder === 'sql/' ? /^\.\/[\w/-]+\.js$/ : /^\.\/[\w-]+\.js$/;
      expect(
        reExports
          .map((match) => match[1] as string)
          .filter((spec) => !ownFile.test(spec))
          .map((spec) => `${index}: ${spec}`),
      ).toEqual([]);
      expect(reExports.reduce((rest, [statement]) => rest.replace(statement, ''), code).trim()).toBe('');
      expect(reExports.length).toBeGreaterThan(0);
    }
  });

  it('keeps the network package free of the database in its manifest too (its imports are checked by the cruiser)', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages/network/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain('@lps/db');
  });

  it.each(['services/api', 'services/research'])('keeps pixels and PDFs out of the manifest of %s (decision 0006; the imports are checked by the cruiser)', (service) => {
    const manifest = JSON.parse(readFileSync(join(root, service, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).filter((name) => ['sharp', 'pdf-lib', 'fontkit'].includes(name))).toEqual([]);
  });
});
