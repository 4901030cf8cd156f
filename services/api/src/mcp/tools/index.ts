import type { ToolDefinition } from '../tool.js';
import { connectionTools } from './connection-tools.js';
import { ideaTools } from './idea-tools.js';
import { imageTools } from './image-tools.js';
import { planningTools } from './planning-tools.js';
import { postTools } from './post-tools.js';
import { publishingTools } from './publishing-tools.js';
import { reviewTools } from './review-tools.js';

/** Every MCP tool; each calls the same use case as its HTTP endpoint. */
export const allTools: ToolDefinition[] = [...ideaTools, ...postTools, ...imageTools, ...publishingTools, ...planningTools, ...reviewTools, ...connectionTools];
