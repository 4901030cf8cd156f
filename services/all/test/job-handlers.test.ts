import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jobCatalog } from '@lps/queue';

// From a job to the code that runs it in one step: every entry of the job catalog says which
// function handles it and where ("Handled by `fn` in path"), and that must be what the worker's
// service.ts really calls for that job. Paths that source comments name must exist, so a comment
// that sends a reader somewhere never sends them nowhere.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
type Handler = `${string} in ${string}`;

/** Job name → the handlers its catalog comment names, from packages/queue/src/jobs/*-jobs.ts. */
function namedInCatalog(): Map<string, Handler[]> {
  const named = new Map<string, Handler[]>();
  const folder = 'packages/queue/src/jobs';
  for (const file of readdirSync(join(root, folder)).filter((name) => name.endsWith('-jobs.ts'))) {
    const text = read(`${folder}/${file}`);
    for (const entry of text.matchAll(/^ {2}'([a-z-]+)': define(?:Job|Call)\(\{/gm)) {
      const before = text.slice(0, entry.index);
      const comment = before.slice(before.lastIndexOf('/**'));
      const closed = comment.includes('*/') && /\*\/\s*$/.test(comment);
      const line = closed ? /Handled by ([^.]*(?:\.ts[^.]*)*)\./.exec(comment.replace(/\n\s*\* /g, ' '))?.[1] : undefined;
      named.set(entry[1] as string, line ? [...line.matchAll(/`(\w+)` in (\S+\.ts)/g)].map((match) => `${match[1]} in ${match[2]}` as Handler) : []);
    }
  }
  return named;
}

/** Job name → the functions each worker's service.ts calls for it, with the file each is imported from. */
function calledByWorkers(): Map<string, Handler[]> {
  const called = new Map<string, Handler[]>();
  for (const service of readdirSync(join(root, 'services'))) {
    const path = `services/${service}/src/service.ts`;
    if (!existsSync(join(root, path))) continue;
    const text = read(path);
    const imported = new Map<string, string>();
    for (const statement of text.matchAll(/import \{([^}]*)\} from '(\.[^']+)'/g)) {
      const file = normalize(join(dirname(path), statement[2] as string)).replace(/\.js$/, '.ts');
      for (const name of (statement[1] as string).split(',').map((part) => part.replace(/\btype\b/, '').trim())) if (name) imported.set(name, file);
    }
    for (const handler of text.matchAll(/'([a-z-]+)': (?:inTurn\()?(?:async )?\([^)]*\) =>(.*)/g)) {
      const functions = [...(handler[2] as string).matchAll(/(\w+)\(/g)].map((call) => call[1] as string).filter((name) => imported.has(name));
      called.set(
        handler[1] as string,
        functions.map((name) => `${name} in ${imported.get(name) as string}` as Handler),
      );
    }
  }
  return called;
}

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('from a job to its handler in one step', () => {
  it('every job of the catalog names its handler, and that is the function its worker calls for it', () => {
    const named = namedInCatalog();
    expect([...named.keys()].sort()).toEqual(Object.keys(jobCatalog).sort());
    const called = calledByWorkers();
    for (const [job, handlers] of named) {
      expect([job, handlers]).toEqual([job, called.get(job)]);
      expect([job, handlers.length]).not.toEqual([job, 0]);
    }
  });

  it('each named handler is exported by the file named', () => {
    for (const handlers of namedInCatalog().values()) {
      for (const handler of handlers) {
        const [name, file] = handler.split(' in ') as [string, string];
        expect([handler, new RegExp(`export (async )?(function|const) ${name}\\b`).test(read(file))]).toEqual([handler, true]);
      }
    }
  });
});

describe('paths named in source comments', () => {
  it('exist', () => {
    const folders = ['services', 'packages'].flatMap((top) => readdirSync(join(root, top)).flatMap((name) => [join(root, top, name, 'src'), join(root, top, name, 'web', 'src')]));
    const missing: string[] = [];
    for (const file of folders.flatMap(sourceFiles)) {
      for (const named of readFileSync(file, 'utf8').matchAll(/\b(?:services|packages)\/[\w./-]+\.(?:tsx?|mjs|md)\b/g)) {
        if (!existsSync(join(root, named[0]))) missing.push(`${relative(root, file)} names ${named[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
