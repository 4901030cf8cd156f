import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';

// ajv-formats is CommonJS with a default export its typings describe for ESM consumers only.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, any>;

const DOCUMENT_ID = 'https://lps.invalid/api/v1/openapi.json';
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** One JSON Pointer segment inside a URI fragment. */
const pointerSegment = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

export interface ObservedResponse {
  method: string;
  /** Path under /api/v1, with or without the query string. */
  path: string;
  status: number;
  contentType: string | undefined;
  text: string;
}

/**
 * Checks real answers against the OpenAPI document the service serves, the way
 * a client generated from it would see them: the operation must declare the
 * status, and a JSON body must validate against the declared schema — errors
 * included. Built from the served JSON only, never from our joi schemas.
 */
export class DocumentValidator {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ template: string; pattern: RegExp; params: number }>;

  constructor(private readonly document: Json) {
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
      }))
      // A literal path (/ideas/generate) wins over a template that also matches it (/ideas/{id}).
      .sort((a, b) => a.params - b.params);
  }

  static async load(baseUrl: string): Promise<DocumentValidator> {
    const response = await fetch(`${baseUrl}/openapi.json`);
    return new DocumentValidator((await response.json()) as Json);
  }

  /** The problems with one answer; empty when the document describes it. */
  problems(observed: ObservedResponse): string[] {
    const method = observed.method.toLowerCase();
    // Express routes `/webhooks/` as `/webhooks` (non-strict routing), and so does the validator.
    const path = (observed.path.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
    const label = `${method.toUpperCase()} ${path} → ${observed.status}`;
    if (!METHODS.has(method) || !path.startsWith('/')) return [];
    const match = this.templates.find(({ template, pattern }) => pattern.test(path) && this.document.paths[template][method]);
    const pointer = match ? this.responsePointer(match.template, method, observed.status) : this.unroutedPointer(observed.status);
    if (!pointer) return [`${label}: the document declares no such answer`];
    const declared = this.resolve(pointer);
    const schema = declared.content?.['application/json']?.schema;
    if (!schema) return observed.text === '' ? [] : [`${label}: a body where the document declares none`];
    if (!/^application\/json/.test(observed.contentType ?? '')) return [`${label}: content type ${observed.contentType}, document says application/json`];
    let body: unknown;
    try {
      body = JSON.parse(observed.text);
    } catch {
      return [`${label}: the body is not JSON`];
    }
    const validate = this.validatorFor(`${pointer}/content/${pointerSegment('application/json')}/schema`);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${label}: ${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`);
  }

  private responsePointer(template: string, method: string, status: number): string | undefined {
    const responses = this.document.paths[template][method].responses as Json;
    const key = String(status) in responses ? String(status) : 'default' in responses ? 'default' : undefined;
    if (!key) return undefined;
    return `/paths/${pointerSegment(template)}/${method}/responses/${key}`;
  }

  /** An unknown path has no operation: its 404 must still be the document's error envelope. */
  private unroutedPointer(status: number): string | undefined {
    return this.document.components.responses?.[`Error${status}`] ? `/components/responses/Error${status}` : undefined;
  }

  /** Follows a response object's $ref (components/responses) to the declaration. */
  private resolve(pointer: string): Json {
    let node: Json = this.at(pointer);
    while (typeof node.$ref === 'string') node = this.at(node.$ref.replace(/^#/, ''));
    return node;
  }

  private at(pointer: string): Json {
    return pointer
      .split('/')
      .slice(1)
      .reduce((node: Json, segment) => node?.[decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
  }

  private validatorFor(pointer: string): ValidateFunction {
    const resolved = this.followRefs(pointer);
    let validate = this.compiled.get(resolved);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${resolved}` });
      this.compiled.set(resolved, validate);
    }
    return validate;
  }

  /** A schema pointer that passes through a components/responses $ref, rewritten to point at the target. */
  private followRefs(pointer: string): string {
    const [head, ...rest] = pointer.split('/content/');
    const target = this.at(head ?? '');
    if (typeof target?.$ref === 'string') return this.followRefs(`${target.$ref.replace(/^#/, '')}/content/${rest.join('/content/')}`);
    return pointer;
  }
}
