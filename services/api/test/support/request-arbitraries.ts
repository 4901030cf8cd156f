import fc from 'fast-check';

type Json = Record<string, any>;

/** Values no field should ever turn into a 5xx: wrong types, extremes, NUL, lone surrogates, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  null,
  0,
  -1,
  1e308,
  Number.MIN_SAFE_INTEGER - 1,
  true,
  [],
  {},
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'tail \udfff',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; DROP TABLE posts; --",
  'x'.repeat(100_000),
  '😀'.repeat(2_000),
  '2030-02-30T25:61:00Z',
  'http://127.0.0.1:9/x.png',
  'file:///etc/passwd',
  { nested: { deeper: { deepest: ['\u0000'] } } },
  JSON.parse(`${'['.repeat(2_000)}${']'.repeat(2_000)}`),
);

/** Strings sent raw in a path segment or a query value: malformed escapes included, never re-encoded. */
export const hostileRawSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%', '%E0%A4%A', '%00', '%C3%28', '%ZZ', '..', '.', '%2e%2e', '%2F', 'a'.repeat(3_000), '%uD800', '%ED%A0%80', '%FF%FE'),
  fc.string({ maxLength: 40, unit: 'binary' }).map((text) => encodeURIComponent(text)),
);

/** The schema a `$ref` points at, inside the served document. */
export const resolve = (document: Json, schema: Json | undefined): Json => {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops += 1) {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Json, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
};

/** A value the schema accepts (or nearly: boundaries one past the limits), as a client generated from the document would send. */
export function plausibleValue(document: Json, raw: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(document, raw);
  if (Array.isArray(schema.anyOf ?? schema.oneOf)) return fc.oneof(...(schema.anyOf ?? schema.oneOf).map((option: Json) => plausibleValue(document, option, depth + 1)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000;
      const max = schema.maximum ?? 1_000;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min - 1, max + 1, min, max));
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(plausibleValue(document, schema.items, depth + 1), { maxLength: (schema.maxItems ?? 4) + 1 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = Object.entries((schema.properties ?? {}) as Record<string, Json>);
      const record = Object.fromEntries(properties.map(([name, property]) => [name, plausibleValue(document, property, depth + 1)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key: string) => key in record) });
    }
    default: {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
      if (schema.format === 'uri') return fc.constantFrom('http://127.0.0.1:9/image.png', 'https://10.0.0.1/hook', 'not a url', 'http://[::1]:9/');
      const maxLength = schema.maxLength ?? 80;
      return fc.oneof(fc.string({ minLength: schema.minLength ?? 0, maxLength }), fc.constant('y'.repeat(maxLength + 1)));
    }
  }
}

/** A field value: mostly plausible, sometimes hostile. */
export const fieldValue = (document: Json, schema: Json | undefined): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: plausibleValue(document, schema) }, { weight: 1, arbitrary: hostileValue });

/** A JSON body for an operation's schema: its fields mostly plausible, some hostile, sometimes a stranger field. */
export function bodyFor(document: Json, raw: Json | undefined): fc.Arbitrary<unknown> {
  const schema = resolve(document, raw);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  const record = Object.fromEntries(properties.map(([name, property]) => [name, fieldValue(document, property)]));
  const shaped = fc.record(record, { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 1, arbitrary: shaped.map((body) => ({ ...(body as object), unexpected_field: 'x' })) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Bodies that are not valid JSON at all, sent as text with a JSON content type. */
export const brokenJson = fc.constantFrom('{', '{"a":', '{"keyword":"\\ud8"}', '{"idea":"\\x41"}', '\u0000', '{"idea": NaN}', 'null', '[]', '"just a string"', '{"a":1}{"b":2}');

/** encodeURIComponent that also sends a lone surrogate, as the bytes a careless client would (WTF-8 `%ED%A0%80`). */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/\p{Cs}/gu, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
}
