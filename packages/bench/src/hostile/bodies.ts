import { randomUUID } from 'node:crypto';

/** 100,000 unknown fields with short names: ~950 KB, under the 1 MB limit (the attack). */
export const manyFields = (count = 100_000, wrap = (fields: string) => `{${fields}}`) =>
  wrap(`"idea":"x",${Array.from({ length: count }, (_, i) => `"u${i.toString(36)}":1`).join(',')}`);

/** Arrays nested `depth` deep in a field. */
export const deepNesting = (depth = 10_000, wrap = (fields: string) => `{${fields}}`) => wrap(`"idea":${'['.repeat(depth)}${']'.repeat(depth)}`);

/**
 * The seven bodies the attacker sent to every JSON route (issue 28.4): 10 MB,
 * 10,000 deep, 100,000 fields, a 900 KB value, a NUL, Object.prototype names,
 * truncated JSON. `wrap` puts the fields where the entry reads them.
 */
export function hostileBodies(wrap = (fields: string) => `{${fields}}`): Array<{ name: string; body: string }> {
  return [
    { name: '10 MB', body: wrap(`"idea":"${'x'.repeat(10 * 1024 * 1024)}"`) },
    { name: '10,000 deep', body: deepNesting(10_000, wrap) },
    { name: '100,000 fields', body: manyFields(100_000, wrap) },
    { name: '900 KB value', body: wrap(`"idea":"${'x'.repeat(900_000)}"`) },
    { name: 'NUL', body: wrap('"idea":"a\\u0000b"') },
    { name: 'prototype names', body: wrap('"constructor":{"prototype":{"polluted":"yes"}},"__proto__":{"x":1},"idea":"x"') },
    { name: 'truncated', body: wrap('"idea":"x').slice(0, -1) },
  ];
}

/** Every operation that takes a body (POST, PATCH, DELETE) of the served OpenAPI document, with made-up ids. */
export async function bodyRoutes(baseUrl: string): Promise<Array<{ method: string; path: string }>> {
  const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.keys(operations)
      .filter((method) => ['post', 'patch', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path: template.replace(/\{\w+\}/g, () => randomUUID()) })),
  );
}

/** Sends a body and reads the answer; a connection the server closed early (a refused 10 MB body) counts as answered. */
export async function send(url: string, init: RequestInit): Promise<number> {
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
