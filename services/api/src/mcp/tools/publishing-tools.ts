import { getAccountAnalytics } from '../../domain/publishing/account-analytics.js';
import { getPostAnalytics } from '../../domain/publishing/post-analytics.js';
import { requestPublication } from '../../domain/publishing/request-publication.js';
import { schedulePost } from '../../domain/publishing/schedule-post.js';
import { waitForPost } from '../../domain/posts/wait-for-post.js';
import { getMe } from '../../domain/members/get-me.js';
import { ScheduleBody } from '../../schemas/publishing.js';
import { defineTool, type ToolDefinition } from '../tool.js';
import { noInput, postIdInput, waitSeconds, withKeys, withPostId, type WaitInput } from '../tool-inputs.js';

export const publishingTools: ToolDefinition[] = [
  defineTool({
    name: 'schedule_post',
    title: 'Schedule a post',
    description:
      'Schedules a post for publication at scheduled_at (ISO-8601 with Z or an offset, within the next year). The service publishes it then by itself. Scheduling again moves the time.',
    input: withPostId(ScheduleBody),
    run: ({ deps, memberId }, input) => schedulePost(deps, memberId, { id: input.post_id, scheduled_at: input.scheduled_at }),
  }),
  defineTool({
    name: 'publish_post',
    title: 'Publish a post now',
    description:
      'Publishes a post to the member’s LinkedIn profile now and waits up to wait_seconds for the result. On success the post has status "published" and a network_url; on failure last_error says why. Publishing twice never posts twice.',
    input: withKeys<WaitInput>({ wait_seconds: waitSeconds(20) })(postIdInput),
    run: async ({ deps, memberId }, input) => {
      await requestPublication(deps, memberId, { id: input.post_id });
      return waitForPost(deps, memberId, input.post_id, 'publication', input.wait_seconds);
    },
  }),
  defineTool({
    name: 'get_post_analytics',
    title: 'Analytics of a post',
    description: 'Impressions, likes, comments, shares and engagement rate of a published post (zeros before publication).',
    input: postIdInput,
    readOnly: true,
    run: ({ deps, memberId }, input) => getPostAnalytics(deps, memberId, { id: input.post_id }),
  }),
  defineTool({
    name: 'get_account_analytics',
    title: 'Account analytics',
    description:
      'Totals and averages over the member’s published posts (posts_published, impressions, likes, comments, shares, avg_engagement_rate) and the top posts by engagement.',
    input: noInput,
    readOnly: true,
    run: ({ deps, memberId }) => getAccountAnalytics(deps, memberId),
  }),
  defineTool({
    name: 'get_profile',
    title: 'Who am I',
    description: 'The member this API key belongs to (name, headline, company) and whether their LinkedIn profile is connected.',
    input: noInput,
    readOnly: true,
    run: ({ deps, memberId }) => getMe(deps, memberId),
  }),
];
