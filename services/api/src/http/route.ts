import type Joi from 'joi';
import type { Request, Response } from 'express';
import type { UseCaseDeps } from '../domain/deps.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';
export type RateLimitBucket = 'default' | 'generation';

/** Who is calling: set by the auth middleware. */
export interface Caller {
  memberId: string;
  keyId: string;
}

export interface HandlerContext<P = Record<string, string>, Q = Record<string, unknown>, B = unknown> {
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

export interface RouteDefinition {
  method: HttpMethod;
  /** Express-style path below /api/v1, e.g. `/posts/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** false only for /health and /openapi.json. */
  auth?: boolean;
  bucket?: RateLimitBucket;
  /** Accepts Idempotency-Key (marked "idem" in the spec). */
  idempotent?: boolean;
  request?: {
    params?: Joi.ObjectSchema;
    query?: Joi.ObjectSchema;
    body?: Joi.ObjectSchema;
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
  handler: (context: HandlerContext<any, any, any>) => Promise<HandlerResult>;
}

export const defineRoute = (route: RouteDefinition): RouteDefinition => route;
