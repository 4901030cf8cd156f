import type Joi from 'joi';
import { ERROR_STATUS } from '@lps/common';
import { DELIVERED_EVENTS } from '@lps/db';
import { ErrorSchema } from '../../schemas/common.js';
import { WEBHOOK_EVENT_BODIES, webhookEventSchema } from '../../schemas/webhook-events.js';
import { API_VERSION } from '../../version.js';
import { routeAccess, type RouteDefinition } from '../route.js';
import { toOpenApiSchema } from './joi-to-openapi.js';

type Json = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'validation_error: not a well-formed HTTP request (answered by the server before routing; see details.request)',
  408: 'validation_error: the request was not received in time — headers, a body that stopped arriving, or the whole request (answered by the server; see details.request)',
  401: 'unauthorized: key missing, invalid, revoked or expired',
  403: 'forbidden: the API key’s scope does not allow this request (details.scope names it)',
  404: 'not_found: does not exist or belongs to another member',
  405: 'method_not_allowed: the path exists but not with this method; Allow lists its methods (extension; any method a path does not list here)',
  409: 'conflict: contradicts the resource’s state, or the same Idempotency-Key is still in progress (then with Retry-After)',
  422: 'validation_error (see details) or unprocessable',
  429: 'rate_limited: see Retry-After',
  431: 'validation_error: request line or headers over 16 KB (answered before routing; see details.request)',
  500: 'internal_error',
  503: 'service_unavailable: a dependency (database, Redis, an upstream provider) is unavailable; see Retry-After (extension)',
};

const RETRY_AFTER: Record<number, string> = {
  409: 'Seconds until the Idempotency-Key still in progress can be replayed or taken over (only on that conflict)',
  429: 'Seconds to wait before retrying',
  503: 'Seconds to wait before retrying',
};

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed in the window', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window resets (delta, not epoch)', schema: { type: 'integer' } },
};

function parameters(schema: Joi.ObjectSchema | undefined, where: 'path' | 'query', components: Record<string, Json>): Json[] {
  if (!schema) return [];
  const converted = toOpenApiSchema(schema, components) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(converted.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (converted.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function operation(route: RouteDefinition, components: Record<string, Json>): Json {
  const authenticated = route.auth !== false;
  const responses: Json = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    responses[status] = {
      description: spec.description,
      ...(authenticated ? { headers: RATE_LIMIT_HEADERS } : {}),
      ...(spec.schema ? { content: { 'application/json': { schema: toOpenApiSchema(spec.schema, components) } } } : {}),
    };
  }
  if (route.method === 'get') {
    // Express answers a conditional GET whose If-None-Match matches the ETag with an empty 304.
    responses['304'] = { description: 'Not Modified: If-None-Match matched the ETag of the current representation' };
  }
  // 409 comes from the Idempotency-Key itself (still in progress), 422 also when it is malformed;
  // 503 from any route while PostgreSQL or Redis is unreachable; 400 and 431 from the HTTP
  // parser before any route (docs/decisions/0009-hostile-input.md), 408 from the time-outs (0018);
  // 422 from any route too: an unknown query parameter is refused wherever it is sent (decision 0028);
  // 403 from a key scope that does not allow a route that writes or publishes (decision 0036).
  const errors = new Set([
    400,
    408,
    422,
    431,
    ...(route.errors ?? []),
    ...(authenticated ? [401, 429] : []),
    ...(authenticated && routeAccess(route) !== 'read' ? [403] : []),
    ...(route.idempotent ? [409] : []),
    500,
    503,
  ]);
  for (const status of [...errors].sort()) {
    responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  }
  const parameterList = [
    ...parameters(route.request?.params, 'path', components),
    ...parameters(route.request?.query, 'query', components),
    ...(route.idempotent
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Processes the request once; the first response is replayed for 24 h with Idempotency-Replayed: true.',
            schema: { type: 'string', maxLength: 255 },
          },
        ]
      : []),
  ];
  return {
    operationId: `${route.method}${route.path.replace(/\/:?(\w|[.-])+/g, (part) => part.replace(/[/:.-]/g, ' ')).replace(/\s+(\w)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    tags: [route.tag],
    security: authenticated ? [{ bearerAuth: [] }] : [],
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(route.request?.body
      ? {
          requestBody: {
            required: !route.request.bodyOptional,
            content: {
              'application/json': { schema: toOpenApiSchema(route.request.body, components) },
              ...(route.request.multipartFile
                ? {
                    'multipart/form-data': {
                      schema: {
                        type: 'object',
                        properties: {
                          [route.request.multipartFile]: {
                            type: 'string',
                            format: 'binary',
                            description:
                              'JPEG or PNG (at most 5 MB), PDF (at most 10 MB), or MP4 video (75 KB to LPS_VIDEO_MAX_BYTES, 500 MB by default; 3 s to 30 min, each side 144–4,096 px, aspect ratio 1:2.4 to 2.4:1, H.264 or HEVC)',
                          },
                        },
                        required: [route.request.multipartFile],
                      },
                    },
                  }
                : {}),
            },
          },
        }
      : {}),
    responses,
  };
}

/** OpenAPI 3.1 `webhooks`: what lps POSTs to an endpoint for each event, signed (docs/webhooks.md). */
function webhookOperations(components: Record<string, Json>): Json {
  return Object.fromEntries(
    DELIVERED_EVENTS.map((type) => [
      type,
      {
        post: {
          operationId: `event${type.replace(/(^|[._])(\w)/g, (_m, _sep: string, c: string) => c.toUpperCase())}`,
          summary: WEBHOOK_EVENT_BODIES[type].summary,
          parameters: [
            { name: 'X-LPS-Event', in: 'header', required: true, schema: { type: 'string', const: type } },
            {
              name: 'X-LPS-Delivery-Id',
              in: 'header',
              required: true,
              description: 'One per event and endpoint, the same on every retry: dedupe on it',
              schema: { type: 'string', format: 'uuid' },
            },
            { name: 'X-LPS-Signature', in: 'header', required: true, description: 'sha256= + hex HMAC-SHA256 of the raw body, keyed with the secret', schema: { type: 'string' } },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: toOpenApiSchema(webhookEventSchema(type), components) } } },
          responses: { '2XX': { description: 'Received; any other answer is retried (410 deactivates the endpoint)' } },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document, built from the same route definitions and joi schemas that validate requests. */
export function buildOpenApiDocument(routes: RouteDefinition[]): Json {
  const schemas: Record<string, Json> = {};
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...(paths[path] ?? {}), [route.method]: operation(route, schemas) };
  }
  const errorRef = toOpenApiSchema(ErrorSchema, schemas);
  const responses = Object.fromEntries(
    Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
      `Error${status}`,
      {
        description,
        ...(RETRY_AFTER[Number(status)] ? { headers: { 'Retry-After': { description: RETRY_AFTER[Number(status)], schema: { type: 'integer' } } } } : {}),
        ...(status === '405' ? { headers: { Allow: { description: 'The methods this path takes, e.g. `DELETE, GET, HEAD, OPTIONS, PATCH`', schema: { type: 'string' } } } } : {}),
        content: { 'application/json': { schema: errorRef } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'lps — post publishing service',
      version: API_VERSION,
      description: `Error codes: ${Object.keys(ERROR_STATUS).join(', ')}.`,
    },
    servers: [{ url: '/api/v1' }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    webhooks: webhookOperations(schemas),
    components: {
      schemas,
      responses,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: lps_ followed by 32 hex characters' },
      },
    },
  };
}
