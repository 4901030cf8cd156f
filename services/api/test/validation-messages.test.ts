import type Joi from 'joi';
import { VALIDATION_OPTIONS } from '../src/http/middleware/validate-request.js';
import type { RouteDefinition } from '../src/http/route.js';
import { allTools } from '../src/mcp/tools/index.js';
import { allRoutes } from '../src/routes/index.js';

// Every validation message names what the client sent by its wire name (decision 0028). joi writes a
// schema's `.label()` into its messages (`at least one of [body, LinkPreviewChoices, images]`), so a
// request schema carries none (component names are `meta({ title })`); and every message a request
// schema can produce for a wrong type, a missing field or a broken peer rule is checked here for
// names the wire does not use. The walk covers every route's path, query and body, and every MCP
// tool's arguments.

interface Node {
  type?: string;
  flags?: { label?: string; presence?: string };
  keys?: Record<string, Node>;
  items?: Node[];
  dependencies?: Array<{ rel: string; key: string | null; peers: string[] }>;
  allow?: unknown[];
}

const schemasUnderTest: Array<[string, Joi.ObjectSchema]> = [
  ...allRoutes(() => ({})).flatMap((route: RouteDefinition) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = route.request?.[part] as Joi.ObjectSchema | undefined;
      return schema ? [[`${route.method.toUpperCase()} ${route.path} ${part}`, schema] as [string, Joi.ObjectSchema]] : [];
    }),
  ),
  ...allTools.map((tool) => [`MCP ${tool.name}`, tool.input as Joi.ObjectSchema] as [string, Joi.ObjectSchema]),
];

/** Every node of a description with its wire path. */
function* walk(node: Node, path: string[] = []): Generator<[string[], Node]> {
  yield [path, node];
  for (const [key, child] of Object.entries(node.keys ?? {})) yield* walk(child, [...path, key]);
  for (const item of node.items ?? []) yield* walk(item, [...path, '0']);
}

/** A value of the wrong kind for a node: the message joi gives for it is one a client reads. */
const wrongKind = (node: Node): unknown =>
  node.type === 'string' ? { not: 'a string' } : node.type === 'object' ? 'not an object' : node.type === 'array' ? 'not an array' : ['x'];

/** A well-formed value for a node, so the peer rules see the field as present. */
const plausible = (node: Node): unknown =>
  node.type === 'number' ? 0 : node.type === 'boolean' ? true : node.type === 'array' ? [] : node.type === 'object' ? {} : 'https://files.example.test/a.png';

/** `{ a: { b: value } }` for the path a.b; an array index keeps its array. */
function placed(path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  return head === '0' ? [placed(rest, value)] : { [head]: placed(rest, value) };
}

/** The messages a schema gives for every wrong kind of every field, an empty object at each level, and each peer rule broken. */
function messagesOf(schema: Joi.ObjectSchema): string[] {
  const messages: string[] = [];
  const check = (value: unknown) => {
    for (const detail of schema.validate(value, { ...VALIDATION_OPTIONS, allowUnknown: false }).error?.details ?? []) messages.push(detail.message);
  };
  for (const [path, node] of walk(schema.describe() as Node)) {
    if (path.length > 0) check(placed(path, wrongKind(node)));
    if (node.type !== 'object') continue;
    check(placed(path, {}));
    for (const dependency of node.dependencies ?? []) {
      const everyPeer = Object.fromEntries(dependency.peers.map((peer) => [peer, plausible(node.keys?.[peer] ?? {})]));
      check(placed(path, everyPeer));
    }
  }
  return messages;
}

/** Every label any schema of the API carries, request or response: the names a message must never show. */
function internalNames(): Set<string> {
  const names = new Set<string>();
  const collect = (schema: Joi.Schema) => {
    for (const [, node] of walk(schema.describe() as Node)) if (node.flags?.label) names.add(node.flags.label);
  };
  for (const route of allRoutes(() => ({}))) {
    for (const spec of Object.values(route.responses)) if (spec.schema) collect(spec.schema);
  }
  return names;
}

describe('validation messages name wire fields', () => {
  it('walks a schema for every route part and tool (and finds peer rules to break)', () => {
    expect(schemasUnderTest.length).toBeGreaterThan(50);
    const withPeerRules = schemasUnderTest.filter(([, schema]) => [...walk(schema.describe() as Node)].some(([, node]) => node.dependencies?.length));
    expect(withPeerRules.map(([name]) => name)).toEqual(expect.arrayContaining(['PATCH /posts/:id body', 'POST /posts/:id/select-image body', 'MCP select_image']));
  });

  it('no request schema carries a label (joi would write it into a message)', () => {
    const labelled = schemasUnderTest.flatMap(([name, schema]) =>
      [...walk(schema.describe() as Node)].filter(([, node]) => node.flags?.label).map(([path, node]) => `${name} ${path.join('.')}: ${node.flags?.label}`),
    );
    expect(labelled).toEqual([]);
  });

  it('no message shows an internal name: no schema label, no CamelCase identifier', () => {
    const forbidden = internalNames();
    expect([...forbidden]).toEqual(expect.arrayContaining(['Post', 'LinkPreview', 'ImageCandidate']));
    const leaks: string[] = [];
    let count = 0;
    for (const [name, schema] of schemasUnderTest) {
      for (const message of messagesOf(schema)) {
        count += 1;
        const words = message.match(/[A-Za-z_]+/g) ?? [];
        const leaked = words.filter((word) => forbidden.has(word) || /^[A-Z][a-z]+[A-Z]/.test(word));
        if (leaked.length > 0) leaks.push(`${name}: ${message}`);
      }
    }
    expect(count).toBeGreaterThan(200);
    expect(leaks).toEqual([]);
  });

  it('the peer rules say which fields, by name', () => {
    const [, patch] = schemasUnderTest.find(([name]) => name === 'PATCH /posts/:id body') as [string, Joi.ObjectSchema];
    expect(patch.validate({}, VALIDATION_OPTIONS).error?.message).toBe('give at least one of body, link_preview, images or poll');
    const [, select] = schemasUnderTest.find(([name]) => name === 'POST /posts/:id/select-image body') as [string, Joi.ObjectSchema];
    expect(select.validate({}, VALIDATION_OPTIONS).error?.message).toBe('give exactly one of image_url, image_index or images');
    expect(select.validate({ images: [{}, { image_index: 1 }] }, VALIDATION_OPTIONS).error?.details.map((detail) => [detail.path.join('.'), detail.message])).toEqual([
      ['images.0', 'give exactly one of image_url or image_index'],
    ]);
  });
});
