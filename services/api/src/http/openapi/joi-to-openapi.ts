import { createRequire } from 'node:module';
import Joi from 'joi';
import { ANY_KEY } from '../../schemas/common.js';

// joi-to-json is CommonJS (`module.exports = parse`) while its typings declare a default export;
// requiring it gives the function itself under both Node and jest.
// It reads its input only through `describe()`, so a described schema can be handed over as one.
const parse = createRequire(import.meta.url)('joi-to-json') as (schema: Describable, mode: string) => unknown;

interface Describable {
  describe(): unknown;
}

type JsonSchema = Record<string, unknown>;

/**
 * Converts a joi schema to OpenAPI 3.1 JSON Schema. Labelled joi objects
 * (`.label('Post')`) become shared components referenced by $ref, so the
 * document names each resource once.
 */
export function toOpenApiSchema(schema: Joi.Schema, components: Record<string, JsonSchema>): JsonSchema {
  // The root is an object: joi-to-json converts a schema to a JSON Schema object.
  return hoistTitled(converted(schema), components) as JsonSchema;
}

/** Many operations answer with the same schema (a post, a list of them): each is converted once. Nothing below edits a conversion. */
const conversions = new WeakMap<Joi.Schema, unknown>();

function converted(schema: Joi.Schema): unknown {
  let conversion = conversions.get(schema);
  if (conversion === undefined) {
    conversion = mapsAsAdditionalProperties(parse(withLabelsAsTitles(schema), 'open-api-3.1'));
    conversions.set(schema, conversion);
  }
  return conversion;
}

/**
 * joi-to-json renders `.pattern(/^/, value)` as patternProperties plus a stray
 * property literally named "/^/" (and ignores non-regex key patterns). A map of
 * any key to a value is `additionalProperties: value` in JSON Schema, which is
 * also what client generators understand.
 */
function mapsAsAdditionalProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mapsAsAdditionalProperties);
  if (!node || typeof node !== 'object') return node;
  const walked = Object.fromEntries<unknown>(Object.entries(node).map(([key, value]) => [key, mapsAsAdditionalProperties(value)]));
  const patterns = walked.patternProperties as JsonSchema | undefined;
  const anyKey = ANY_KEY.source;
  if (patterns && Object.keys(patterns).length === 1 && patterns[anyKey]) {
    const { patternProperties: _patterns, ...rest } = walked;
    const properties = { ...(rest.properties as JsonSchema) };
    delete properties[String(ANY_KEY)];
    return { ...rest, properties, additionalProperties: patterns[anyKey] };
  }
  return walked;
}

type Description = { type?: string; flags?: { label?: string }; metas?: Array<Record<string, unknown>> } & Record<string, unknown>;

/**
 * joi-to-json reads `meta({ title })`, not `.label()`: copy each object label into a title meta.
 * The edited description is handed over as it is: building a joi schema back from it (Joi.build)
 * cost more than the rest of the document together.
 */
function withLabelsAsTitles(schema: Joi.Schema): Describable {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)])) as Description;
    const label = copy.flags?.label;
    if (copy.type === 'object' && label && !(copy.metas ?? []).some((meta) => 'title' in meta)) {
      copy.metas = [...(copy.metas ?? []), { title: label }];
    }
    return copy;
  };
  const described = visit(schema.describe());
  return { describe: () => described };
}

function hoistTitled(node: unknown, components: Record<string, JsonSchema>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoistTitled(item, components));
  if (!node || typeof node !== 'object') return node;
  const walked = Object.fromEntries<unknown>(Object.entries(node).map(([key, value]) => [key, hoistTitled(value, components)]));
  const title = walked.title;
  if (typeof title === 'string' && /^[A-Z][A-Za-z]+$/.test(title)) {
    const { title: _title, ...rest } = walked;
    components[title] = rest;
    return { $ref: `#/components/schemas/${title}` };
  }
  return walked;
}

/** The same conversion, fully inline (no $ref, no components): for MCP tool input schemas. */
export const toInlineJsonSchema = (schema: Joi.Schema): JsonSchema => parse(schema, 'open-api-3.1') as JsonSchema;
