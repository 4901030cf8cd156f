import type { components, operations, webhooks } from './generated/openapi.js';
import type { OperationId } from './generated/operations.js';

/** The API's resources, by their names in the OpenAPI document (`Schema<'Post'>`, `Schema<'Idea'>`, …). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
export type Post = Schema<'Post'>;
export type Idea = Schema<'Idea'>;
export type Member = Schema<'Member'>;
export type Webhook = Schema<'Webhook'>;
export type ErrorBody = Schema<'Error'>;

type Operation<K extends OperationId> = operations[K];
type Parameters<K extends OperationId> = Operation<K> extends { parameters: infer P } ? P : never;

export type PathParams<K extends OperationId> = Parameters<K> extends { path: infer P } ? ([P] extends [undefined] ? never : P) : never;
export type QueryParams<K extends OperationId> = Parameters<K> extends { query?: infer Q } ? ([Q] extends [undefined] ? never : Q) : never;
export type RequestBody<K extends OperationId> = Operation<K> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type BodyRequired<K extends OperationId> = Operation<K> extends { requestBody: { content: unknown } } ? true : false;

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<K extends OperationId> = Operation<K>['responses'];
/** The body of the operation's success answer (undefined for 204). */
export type ResponseBody<K extends OperationId> = {
  [S in keyof Responses<K>]: S extends SuccessStatus ? (Responses<K>[S] extends { content: { 'application/json': infer B } } ? B : undefined) : never;
}[keyof Responses<K>];

type PathPart<K extends OperationId> = [PathParams<K>] extends [never] ? { path?: undefined } : { path: PathParams<K> };
type QueryPart<K extends OperationId> = [QueryParams<K>] extends [never] ? { query?: undefined } : { query?: QueryParams<K> };
type BodyPart<K extends OperationId> = [RequestBody<K>] extends [never]
  ? { body?: undefined }
  : BodyRequired<K> extends true
    ? { body: RequestBody<K> }
    : { body?: RequestBody<K> };

/** What one call takes: its path and query parameters and JSON body, each as the document types them. */
export type CallInput<K extends OperationId> = PathPart<K> &
  QueryPart<K> &
  BodyPart<K> & {
    /** For the operations marked (idem): your own key; by default one is made per call and reused by its retries. */
    idempotencyKey?: string;
    signal?: AbortSignal;
  };

/** Every event a webhook endpoint can receive, as the body of its delivery (a union on `type`). */
export type LpsEvent = {
  [E in keyof webhooks]: webhooks[E] extends { post: { requestBody: { content: { 'application/json': infer B } } } } ? B : never;
}[keyof webhooks];
export type EventType = LpsEvent['type'];
