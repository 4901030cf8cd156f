import type Joi from 'joi';
import type { Access } from '@lps/common';
import type { UseCaseDeps } from '../domain/deps.js';
import type { RateLimitBucket, TypedSchema } from '../http/route.js';

export interface ToolContext {
  deps: UseCaseDeps;
  memberId: string;
}

/**
 * One MCP tool: a thin entry point over the same use case as its HTTP endpoint.
 * `input` is a joi schema (mostly the endpoint's own request schema), so the
 * tool's JSON Schema and its validation come from one definition.
 */
export interface ToolDefinition<I = unknown> {
  name: string;
  title: string;
  /** Written for a model: what it does, when to use it, what comes back. */
  description: string;
  input: TypedSchema<I> | Joi.ObjectSchema<I>;
  /** Tools that generate content also count against the generation bucket. */
  bucket?: RateLimitBucket;
  readOnly?: boolean;
  /** Puts something on the member's network (publish, schedule): refused to a `no_publish` key like its REST twin. */
  publishes?: boolean;
  destructive?: boolean;
  // Method syntax: a typed tool is still a ToolDefinition (see RouteDefinition.handler). NoInfer: the
  // input type comes from the schema alone, never from an annotation on `run`.
  run(context: ToolContext, input: NoInfer<I>): Promise<unknown>;
}

/** Infers the input's type from its schema (decision 0023): a misspelt field in `run` fails tsc. */
export const defineTool = <I>(tool: ToolDefinition<I> & { input: TypedSchema<I> }): ToolDefinition => tool as unknown as ToolDefinition; // erased once here: run-tool passes each tool its own validated input

/** The access a tool needs from the key's scope, as its REST twin (decision 0036). */
export const toolAccess = (tool: Pick<ToolDefinition, 'readOnly' | 'publishes'>): Access => (tool.publishes ? 'publish' : tool.readOnly ? 'read' : 'write');
