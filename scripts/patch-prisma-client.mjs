// Prisma 6.19's `prisma-client` generator emits `export const DbNull = …instances.DbNull`
// whose inferred type is an anonymous class with a native #private brand; TypeScript 6
// cannot write that into a .d.ts (TS4094, prisma/orm#29549), and our packages build
// with declarations. An explicit `typeof` annotation names the same type, so the
// declaration emitter can reference it instead of inlining it. Types are unchanged.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export function patchPrismaClient(root) {
  const dir = join(root, 'packages', 'db', 'src', 'generated', 'prisma', 'internal');
  for (const file of ['prismaNamespace.ts', 'prismaNamespaceBrowser.ts']) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const source = readFileSync(path, 'utf8');
    const patched = source.replace(
      /^export const (DbNull|JsonNull|AnyNull) = runtime\.objectEnumValues\.instances\.(\w+)$/gm,
      'export const $1: typeof runtime.objectEnumValues.instances.$2 = runtime.objectEnumValues.instances.$2',
    );
    // Objects built only from those values (JsonNullValueInput, …) get the same treatment.
    const objects = patched.replace(
      /^export const (\w+) = \{\n((?:\s+(?:DbNull|JsonNull|AnyNull): (?:DbNull|JsonNull|AnyNull),?\n)+)\}( as const)?/gm,
      (_match, name, body, asConst) => {
        const readonly = asConst ? 'readonly ' : '';
        const fields = [...body.matchAll(/(\w+): (\w+)/g)].map(([, key, value]) => `${readonly}${key}: typeof ${value}`);
        return `export const ${name}: { ${fields.join('; ')} } = {\n${body}}${asConst ?? ''}`;
      },
    );
    if (objects !== source) writeFileSync(path, objects);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) patchPrismaClient(process.argv[2] ?? process.cwd());
