import { getAccountAnalytics, getAnalyticsSummary, getPostAnalytics } from '../../domain/analytics/index.js';
import { listPublicationFailures, requestPublication, schedulePost } from '../../domain/publishing/index.js';
import { waitForPost } from '../../domain/posts/index.js';
import { getMe } from '../../domain/members/index.js';
import { SummaryQuery } from '../../schemas/analytics.js';
import { FailuresQuery } from '../../schemas/failures.js';
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
    publishes: true,
    run: ({ deps, memberId }, input) => schedulePost(deps, memberId, { id: input.post_id, scheduled_at: input.scheduled_at }),
  }),
  defineTool({
    name: 'publish_post',
    title: 'Publish a post now',
    description:
      'Publishes a post to the member’s LinkedIn profile now and waits up to wait_seconds for the result. On success the post has status "published" and a network_url; on failure last_error says why. Publishing twice never posts twice.',
    input: withKeys<WaitInput>({ wait_seconds: waitSeconds(20) })(postIdInput),
    publishes: true,
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
    name: 'get_analytics_summary',
    title: 'Analytics of a period against the one before',
    description:
      'KPIs (posts_published, impressions, likes, comments, shares, avg_engagement_rate) of the posts published in the last days (7, 28, 90 or 365; default 28) and of those published in the days before, to say what changed. source says where the numbers come from ("sandbox": synthetic; "linkedin"). When available is false no analytics can be read for the member: the numbers are null and unavailable_reason says why and how to connect — tell the member that, never a number.',
    input: SummaryQuery,
    readOnly: true,
    run: ({ deps, memberId }, input) => getAnalyticsSummary(deps, memberId, input, new Date()),
  }),
  defineTool({
    name: 'list_publication_failures',
    title: 'Failed publications to fix',
    description:
      'Posts whose last publication failed for good and that nothing has published, retried or rescheduled since, newest first: post_id, title, error (LinkedIn’s reason in words), code (e.g. EXPIRED_ACCESS_TOKEN, DUPLICATE_POST) and failed_at. To fix one: follow the reason (edit the text with edit_post for a duplicate or too long a text; ask the member to reconnect for an expired token), then publish_post, schedule_post or queue_post again — that takes it off this list. Pages by limit and cursor (page.next_cursor).',
    input: FailuresQuery,
    readOnly: true,
    run: ({ deps, memberId }, input) => listPublicationFailures(deps, memberId, input),
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
