import { errorEnvelope, isAppError, outsideScope, rateLimited, scopeAllows, type AppError } from '@lps/common';
import type { Logger } from '@lps/logger';
import type { UseCaseDeps } from '../domain/deps.js';
import { consumeBucket, type RateLimiters } from '../http/middleware/rate-limit.js';
import { ProblemList } from '../http/input/problem-list.js';
import { checkTextAndFieldNames } from '../http/input/unstorable-text.js';
import { addUnknownFields } from '../http/input/unknown-fields.js';
import { addJoiProblems, VALIDATION_OPTIONS } from '../http/middleware/validate-request.js';
import type { Caller } from '../http/route.js';
import { MAX_CALLS_IN_FLIGHT_PER_KEY, takeCallSlot } from './call-slots.js';
import { toolAccess, type ToolDefinition } from './tool.js';

export interface ToolCallResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** An error as an MCP tool error: the same `code`, message and details as the HTTP envelope. */
export function toolError(error: Pick<AppError, 'code' | 'message' | 'details'>): ToolCallResult {
  const envelope = errorEnvelope(error);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }], structuredContent: envelope };
}

const INTERNAL = { code: 'internal_error', message: 'unexpected server error', details: undefined } as unknown as AppError;

/** The REST rules for a body, for tool arguments: the same checks, the same bounded details. */
function validate(tool: ToolDefinition, args: unknown): { value?: unknown; error?: AppError } {
  const problems = new ProblemList();
  checkTextAndFieldNames(args, '', problems);
  if (args && typeof args === 'object' && !Array.isArray(args)) addUnknownFields(tool.input, args, problems);
  if (problems.full) return { error: problems.toError() };
  const checked = tool.input.validate(args ?? {}, { ...VALIDATION_OPTIONS, allowUnknown: false });
  // The schema's static type is erased here (defineTool): the tool's own `run` knows it.
  const value: unknown = checked.value;
  addJoiProblems(problems, checked.error, 'arguments');
  return problems.empty ? { value } : { error: problems.toError() };
}

/**
 * Validates, rate-limits and runs one tool call; never throws. Every call is
 * charged to the bucket its REST twin uses (generation, or the default one) —
 * a batch of calls in one POST costs what the same requests would over REST —
 * and a key runs at most MAX_CALLS_IN_FLIGHT_PER_KEY calls at once.
 */
export async function runTool(
  tool: ToolDefinition,
  args: unknown,
  context: { deps: UseCaseDeps; caller: Caller; limiters: RateLimiters; logger: Logger; prepaid: { default: number } },
): Promise<ToolCallResult> {
  // The key's scope first, as on REST (after authentication and the request's rate limit, before validation).
  if (!scopeAllows(context.caller.scope, toolAccess(tool))) return toolError(outsideScope(context.caller.scope));
  const { value, error } = validate(tool, args);
  if (error) return toolError(error);
  const release = takeCallSlot(context.caller.keyId);
  if (!release) {
    context.deps.metrics.rateLimited.inc({ bucket: 'mcp-concurrency' });
    return toolError({ ...rateLimited(1), message: `at most ${MAX_CALLS_IN_FLIGHT_PER_KEY} tool calls at once per key; retry when one has finished` });
  }
  try {
    const bucket = tool.bucket ?? 'default';
    // The POST itself paid one default point: the first default-bucket call of the request uses it.
    if (bucket === 'default' && context.prepaid.default > 0) {
      context.prepaid.default -= 1;
    } else {
      const limited = await consumeBucket(context.limiters, bucket, context.caller.keyId, (name) => context.deps.metrics.rateLimited.inc({ bucket: name }));
      if (limited.error) return toolError(limited.error);
    }
    const result = (await tool.run({ deps: context.deps, memberId: context.caller.memberId }, value)) as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
  } catch (failure) {
    if (isAppError(failure)) {
      context.logger.log(failure.status >= 500 ? 'error' : 'warn', `MCP tool ${tool.name} answered ${failure.code}`);
      return toolError(failure);
    }
    context.logger.error(`MCP tool ${tool.name} failed unexpectedly`, { error: (failure as Error).message, stack: (failure as Error).stack });
    return toolError(INTERNAL);
  } finally {
    release();
  }
}
