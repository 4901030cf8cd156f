/**
 * The architecture rules (issue 31), read from the import graph by dependency-cruiser and
 * checked by services/all/test/architecture.test.ts on every `npm test`. Run it by hand with
 * `npx depcruise --config .dependency-cruiser.cjs packages services`.
 * The rooms (README, "Layout"): entry → domain (use cases, rules) → adapters / packages.
 * Workspace packages resolve to their sources (tsconfig.architecture.json), so the graph
 * crosses packages without a build and a cycle through two packages is seen too.
 */
// A use case's test beside it (`<use-case>.test.ts`) is in domain/ too, so the same rules keep it in memory: no Redis, SQL or runtime.
const DOMAIN = '^(services|packages)/[^/]+/src/domain/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules cannot be understood, tested or moved one without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-no-infrastructure',
      severity: 'error',
      comment: 'Use cases and rules know no client library and no HTTP layer: Redis, SQL, pixels, Express and BullMQ live in adapters/ or a package.',
      from: { path: DOMAIN },
      // A package resolves to node_modules/<name>/…; one the importer does not depend on stays its bare name.
      to: { path: ['(^|/node_modules/)(ioredis|pg|sharp|express|bullmq)(/|$)', '^services/[^/]+/src/http/'] },
    },
    {
      name: 'domain-takes-ports-not-the-runtime',
      severity: 'error',
      comment: 'A use case names the repository functions and ports it uses (decision 0025); the runtime that builds them is for entries (service.ts, use-case-deps.ts).',
      from: { path: DOMAIN },
      to: { path: ['^packages/runtime/', '(^|/node_modules/)@lps/runtime(/|$)'] },
    },
    {
      name: 'domain-declares-ports-adapters-implement-them',
      severity: 'error',
      comment: 'adapters/ implement what domain/ declares; a use case importing an adapter could not be run with another (in memory, in a test).',
      from: { path: '^services/([^/]+)/src/domain/' },
      to: { path: '^services/$1/src/adapters/' },
    },
    {
      name: 'api-entries-call-a-topic-through-its-index',
      severity: 'error',
      comment:
        "The API's entries (routes, MCP tools, the OAuth callback, http/, the package index) call a topic's use cases through domain/<topic>/index.ts, which lists what may be called: the files behind it are the use cases' own to arrange.",
      from: { path: '^services/api/src/', pathNot: '^services/api/src/domain/' },
      to: { path: '^services/api/src/domain/[^/]+/', pathNot: '^services/api/src/domain/[^/]+/index[.]ts$' },
    },
    {
      name: 'packages-never-import-services',
      severity: 'error',
      comment: 'Packages are the floor the services stand on: an import upward would make a package depend on a process.',
      from: { path: '^packages/' },
      to: { path: '^services/' },
    },
    {
      name: 'no-service-src-from-another-service',
      severity: 'error',
      comment:
        'A service talks to another through a queue, HTTP or a shared package, never by reaching into its sources; services/all starts them through their package entry (src/index.ts).',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/[^/]+/src/', pathNot: ['^services/$1/', '^services/[^/]+/src/index[.]ts$'] },
    },
    {
      name: 'network-without-database',
      severity: 'error',
      comment: 'The LinkedIn client works without the generated Prisma client (decision 0008).',
      from: { path: '^packages/network/' },
      to: { path: ['^packages/db/', '(^|/node_modules/)(@lps/db|@prisma/[^/]+|[.]prisma)(/|$)'] },
    },
    {
      name: 'no-pixels-or-pdf-in-api-and-research',
      severity: 'error',
      comment: 'Decision 0006: decoding images and parsing PDFs happen in the image service only.',
      from: { path: '^services/(api|research)/' },
      to: { path: ['(^|/node_modules/)(sharp|pdf-lib|fontkit|@pdf-lib/[^/]+)(/|$)', '^packages/ai/(src|dist)/image/'] },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    // Our own build output and the generated Prisma client; a library's own `dist/` stays in the graph.
    exclude: { path: ['^(packages|services)/[^/]+/(dist|generated)/', '^packages/db/src/generated/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.architecture.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
