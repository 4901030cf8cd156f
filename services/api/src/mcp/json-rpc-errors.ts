import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { ErrorEnvelope } from '@lps/common';
import type { Logger } from '@lps/logger';
import { closeIfStillSending } from '../http/close-if-still-sending.js';
import { resultUnlessAnswerStarted } from '../http/errors.js';
import { describeJsonValue, hasBody, isJsonType, readJsonBody, type JsonBodyProblem } from '../http/input/read-json-body.js';
import { droppedFieldPath } from '../http/input/unstorable-text.js';

/** JSON-RPC 2.0 §5.1 codes; -32000 is the implementation-defined server error the MCP SDK answers HTTP-level refusals with. */
export const JSON_RPC_CODES = { parseError: -32700, invalidRequest: -32600, internalError: -32603, serverError: -32000 } as const;

/**
 * An error that belongs to no message (its id could not be read, or the request
 * was refused before any message ran): `id: null`, as JSON-RPC 2.0 §5 and the
 * MCP SDK's Streamable HTTP transport answer it.
 */
export function sendJsonRpcError(res: Response, status: number, code: number, message: string, options: { data?: unknown; headers?: Record<string, string> } = {}): void {
  res
    .status(status)
    .set(options.headers ?? {})
    .json({ jsonrpc: '2.0', error: { code, message, ...(options.data === undefined ? {} : { data: options.data }) }, id: null });
}

/** The MCP SDK's statuses, codes and wording for the same refusals (webStandardStreamableHttp.js). */
const BODY_PROBLEMS: Record<JsonBodyProblem['kind'], { status: number; code: number; prefix: string }> = {
  'too-large': { status: 413, code: JSON_RPC_CODES.serverError, prefix: 'Payload Too Large' },
  'media-type': { status: 415, code: JSON_RPC_CODES.serverError, prefix: 'Unsupported Media Type' },
  unparseable: { status: 400, code: JSON_RPC_CODES.parseError, prefix: 'Parse error' },
  'too-complex': { status: 400, code: JSON_RPC_CODES.invalidRequest, prefix: 'Invalid Request' },
};

/**
 * Reads the JSON-RPC body with the REST API's reader and limits; a body it
 * cannot read is answered here as a JSON-RPC error (400 -32700 parse error,
 * 400 -32600 beyond the depth or entry limits, 413 over 1 MB, 415 not JSON or
 * not UTF-8), never passed on as a 500. A field named `__proto__` is refused
 * here too (400 -32600): the SDK's parser would drop it silently, so a tool
 * could never name it as the unknown argument it is.
 */
export const readMcpBody: RequestHandler = async (req, res, next) => {
  const refuse = (kind: JsonBodyProblem['kind'], reason: string) => {
    closeIfStillSending(req, res);
    const answer = BODY_PROBLEMS[kind];
    sendJsonRpcError(res, answer.status, answer.code, `${answer.prefix}: ${reason}`);
  };
  if (!isJsonType(req.header('content-type'))) return refuse('media-type', 'Content-Type must be application/json');
  if (!hasBody(req)) return refuse('unparseable', 'the body is empty');
  const problem = await readJsonBody(req);
  if (problem) return refuse(problem.kind, problem.reason);
  // Valid JSON, but neither a message (an object) nor a batch (an array): JSON-RPC 2.0 §5's Invalid Request.
  if (typeof req.body !== 'object' || req.body === null) return refuse('too-complex', `a JSON-RPC message is an object (or a batch, an array), not ${describeJsonValue(req.body)}`);
  const dropped = droppedFieldPath(req.body);
  if (dropped) return refuse('too-complex', `a field named __proto__ is not accepted (${dropped})`);
  next();
};

/**
 * Whatever else stops an /mcp request before a message runs (a bad key, the
 * rate limit, an outage, a bug) as a JSON-RPC error object with the HTTP status
 * the REST API would use; `data` carries the REST envelope's code, message and
 * details, and headers such as Retry-After are kept.
 */
export const mcpErrorMiddleware =
  (logger: Logger): ErrorRequestHandler =>
  (error, req, res, _next) => {
    const result = resultUnlessAnswerStarted(error, logger, req, res);
    if (!result) return;
    const { error: envelope } = result.body as ErrorEnvelope;
    const code = result.status === 500 ? JSON_RPC_CODES.internalError : JSON_RPC_CODES.serverError;
    sendJsonRpcError(res, result.status, code, envelope.message, { data: envelope, headers: result.headers });
  };
