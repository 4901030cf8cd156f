import { approvePost, rejectPost } from '../../domain/review/index.js';
import { RejectBody } from '../../schemas/review.js';
import { defineTool, type ToolDefinition } from '../tool.js';
import { postIdInput, withPostId } from '../tool-inputs.js';

// Review is the member's decision: these tools are for carrying out what the member said,
// never for an agent to approve its own drafts.
export const reviewTools: ToolDefinition[] = [
  defineTool({
    name: 'approve_post',
    title: 'Approve a post (the member’s decision)',
    description:
      'Records that the member approved the post: it becomes "approved" (a scheduled post stays scheduled). Call it only when the member has read the post and said it may go out; with approval_required on, only approved posts can be scheduled, queued or published.',
    input: postIdInput,
    publishes: true,
    run: ({ deps, memberId }, input) => approvePost(deps, memberId, input.post_id, new Date()),
  }),
  defineTool({
    name: 'reject_post',
    title: 'Reject a post (the member’s decision)',
    description:
      'Records that the member rejected the post, with their note (at most 1,000 characters) in review_note; a scheduled post loses its slot. Editing the body brings it back to draft_saved for another review.',
    input: withPostId(RejectBody),
    run: ({ deps, memberId }, { post_id, ...input }) => rejectPost(deps, memberId, post_id, input, new Date()),
  }),
];
