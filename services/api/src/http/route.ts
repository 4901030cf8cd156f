import type Joi from 'joi';
import type { Request, Response } from 'express';
import type { Access, KeyScope } from '@lps/common';
import type { UseCaseDeps } from '../domain/deps.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type RateLimitBucket = 'default' | 'generation';

/** Who is calling: set by the authentication strategy (a bearer key, or a dashboard session: decision 0034). */
export interface Caller {
  memberId: string;
  /**
   * What rate limits, Idempotency-Key records and MCP call slots count against: the API key's id,
   * or `session:<id>` for a dashboard session (which honours no Idempotency-Key).
   */
  keyId: string;
  /** What the credential may do (decision 0036); a session is `full`. */
  scope: KeyScope;
}

/** A route without that part of the request: reading any field of it fails tsc. */
export type NoInput = Record<never, never>;

/**
 * A request schema whose static type was declared (`Joi.object<T, true>({…})`: joi's strict map
 * makes tsc check every key and its kind against T). A bare `Joi.object({…})` is typed `any` and is
 * refused here, so a handler can never receive an untyped input (decision 0023).
 */
export type TypedSchema<T> = 0 extends 1 & T ? 'declare the schema type: Joi.object<T, true>({…})' : Joi.ObjectSchema<T>;

export interface HandlerContext<P = NoInput, Q = NoInput, B = unknown> {
  params: P;
  query: Q;
  body: B;
  caller: Caller;
  /** The runtime, the services and this request's scope, as use cases take them. */
  deps: UseCaseDeps;
  req: Request;
  res: Response;
}

/** What a handler answers; the router renders it (and the idempotency layer stores it). */
export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Bytes to send as they are (an idempotent replay); `body` then only serves checks. */
  raw?: RenderedBody;
}

export interface RenderedBody {
  text: string;
  contentType: string;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The one rendering of a JSON answer: what is sent first is what an idempotent replay sends again. */
export const renderJson = (body: unknown): RenderedBody => ({ text: JSON.stringify(body), contentType: JSON_CONTENT_TYPE });

export interface ResponseSpec {
  description: string;
  schema?: Joi.Schema;
}

/** One route; P, Q and B are the static types of its params, query and body schemas (decision 0023). */
export interface RouteDefinition<P = NoInput, Q = NoInput, B = unknown> {
  method: HttpMethod;
  /** Express-style path below /api/v1, e.g. `/posts/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** false only for /health and /openapi.json. */
  auth?: boolean;
  bucket?: RateLimitBucket;
  /** What the route does as a key's scope sees it (decision 0036); by default GET reads and every other method writes. */
  access?: Access;
  /** Accepts Idempotency-Key (marked "idem" in the spec). */
  idempotent?: boolean;
  request?: {
    params?: TypedSchema<P>;
    query?: TypedSchema<Q>;
    body?: TypedSchema<B>;
    /** The body may be left out entirely (e.g. regenerate with no template). */
    bodyOptional?: boolean;
    /** The route parses its own body (multipart upload); JSON parsing is skipped for non-JSON types. */
    customBody?: boolean;
    /** Also takes multipart/form-data with one file in this field (documented beside the JSON body). */
    multipartFile?: string;
  };
  responses: Record<number, ResponseSpec>;
  /** Error statuses this route can answer besides 401/429 (for the OpenAPI document). */
  errors?: number[];
  // Method syntax on purpose: a typed route is still a RouteDefinition (parameters of methods are
  // checked bivariantly), so the router keeps one list while each handler sees its own types.
  handler(context: HandlerContext<P, Q, B>): Promise<HandlerResult>;
}

/** Infers P, Q and B from the route's schemas, so a misspelt field in its handler fails tsc. */
export const defineRoute = <P = NoInput, Q = NoInput, B = unknown>(route: RouteDefinition<P, Q, B>): RouteDefinition => route as unknown as RouteDefinition; // erased once here: the router only passes each route its own validated input

/** The access a route needs from the caller's scope. */
export const routeAccess = (route: Pick<RouteDefinition, 'method' | 'access'>): Access => route.access ?? (route.method === 'get' ? 'read' : 'write');
