import type Joi from 'joi';
import type { UseCaseDeps } from '../domain/deps.js';
import type { RateLimitBucket } from '../http/route.js';

export interface ToolContext {
  deps: UseCaseDeps;
  memberId: string;
}

/**
 * One MCP tool: a thin entry point over the same use case as its HTTP endpoint.
 * `input` is a joi schema (mostly the endpoint's own request schema), so the
 * tool's JSON Schema and its validation come from one definition.
 */
export interface ToolDefinition {
  name: string;
  title: string;
  /** Written for a model: what it does, when to use it, what comes back. */
  description: string;
  input: Joi.ObjectSchema;
  /** Tools that generate content also count against the generation bucket. */
  bucket?: RateLimitBucket;
  readOnly?: boolean;
  destructive?: boolean;
  run(context: ToolContext, input: any): Promise<unknown>;
}

export const defineTool = (tool: ToolDefinition): ToolDefinition => tool;
