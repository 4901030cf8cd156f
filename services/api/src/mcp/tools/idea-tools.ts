import { dismissIdea, editIdea, generateIdeas, listIdeas, requestResearch, restoreIdea, waitForNewIdeas } from '../../domain/ideas/index.js';
import { ListIdeasQuery, UpdateIdeaBody } from '../../schemas/idea.js';
import { ResearchIdeasBody } from '../../schemas/generation.js';
import { defineTool, type ToolDefinition } from '../tool.js';
import { ideaIdInput, noInput, waitSeconds, withIdeaId, withKeys, type WaitInput } from '../tool-inputs.js';

export const ideaTools: ToolDefinition[] = [
  defineTool({
    name: 'list_ideas',
    title: 'List content ideas',
    description: 'Lists the member’s content ideas, newest first. Filter by status: "new" (not used yet), "used" (a post was made from it) or "dismissed".',
    input: ListIdeasQuery,
    readOnly: true,
    run: ({ deps, memberId }, input) => listIdeas(deps, memberId, input.status),
  }),
  defineTool({
    name: 'generate_ideas',
    title: 'Generate content ideas',
    description: 'Generates up to 10 new post ideas tailored to the member’s profile (titles with an angle) and stores them with status "new". Returns a summary and the ideas.',
    input: noInput,
    bucket: 'generation',
    run: ({ deps, memberId }) => generateIdeas(deps, memberId),
  }),
  defineTool({
    name: 'research_ideas',
    title: 'Research ideas for a keyword',
    description:
      'Researches a keyword in the background and turns what it finds into new ideas (source "research"). Waits up to wait_seconds for them; if `settled` is false, call list_ideas later.',
    input: withKeys<WaitInput>({ wait_seconds: waitSeconds(20) })(ResearchIdeasBody),
    bucket: 'generation',
    run: async ({ deps, memberId }, input) => {
      const since = new Date(Date.now() - 1000);
      const accepted = await requestResearch(deps, memberId, { keyword: input.keyword });
      const waited = await waitForNewIdeas(deps, memberId, since, 'research', input.wait_seconds);
      return { ...accepted, ...waited };
    },
  }),
  defineTool({
    name: 'update_idea',
    title: 'Edit an idea',
    description: 'Changes an idea’s title and/or angle. An empty angle clears it.',
    input: withIdeaId(UpdateIdeaBody),
    run: ({ deps, memberId }, { idea_id, ...changes }) => editIdea(deps, memberId, idea_id, changes),
  }),
  defineTool({
    name: 'dismiss_idea',
    title: 'Dismiss an idea',
    description: 'Marks an idea as dismissed so it no longer shows as new. It can be restored later.',
    input: ideaIdInput,
    run: ({ deps, memberId }, input) => dismissIdea(deps, memberId, input.idea_id),
  }),
  defineTool({
    name: 'restore_idea',
    title: 'Restore a dismissed idea',
    description: 'Brings a dismissed idea back: to "new", or to "used" if a post was already made from it.',
    input: ideaIdInput,
    run: ({ deps, memberId }, input) => restoreIdea(deps, memberId, input.idea_id),
  }),
];
