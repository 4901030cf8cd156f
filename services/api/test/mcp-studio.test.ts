import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { markPublishFailed } from '@lps/db';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { callTool, connectMcp, okTool } from './support/mcp-client.js';

// The studio's reads as an agent meets them through the MCP SDK: the calendar, the failure inbox and
// the analytics summary — the same use cases as REST, the same refusals as tool errors.

let api: TestApi;
let member: TestMember;
let client: Client;
beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60' });
  member = await createTestMember(api.runtime);
  client = await connectMcp(api.baseUrl.replace(/\/api\/v1$/, '/mcp'), member.auth);
});
afterAll(async () => {
  await client.close();
  await api.stop();
});

const ok = (name: string, args: Record<string, unknown> = {}) => okTool(client, name, args);

describe('studio tools over MCP', () => {
  it('lists get_calendar, list_publication_failures and get_analytics_summary as read-only tools with object inputs', async () => {
    const { tools } = await client.listTools();
    for (const name of ['get_calendar', 'list_publication_failures', 'get_analytics_summary']) {
      const tool = tools.find((candidate) => candidate.name === name);
      expect([name, tool?.inputSchema.type, (tool?.description?.length ?? 0) > 80, tool?.annotations?.readOnlyHint]).toEqual([name, 'object', true, true]);
    }
  });

  it('get_calendar answers what GET /calendar answers, and refuses a 93-day range as a tool error with the REST envelope', async () => {
    const post = await createTestPost(api.runtime, member.memberId, { status: 'scheduled', scheduledAt: new Date('2027-04-06T10:00:00Z'), body: 'Planned' });
    const args = { from: '2027-04-05T00:00:00Z', to: '2027-04-12T00:00:00Z' };
    const viaTool = await ok('get_calendar', args);
    const viaRest = (await api.http.get(`/calendar?from=${args.from}&to=${args.to}`).set('Authorization', member.auth).expect(200)).body;
    expect(viaTool).toEqual(viaRest);
    expect(viaTool.calendar.entries.map((entry: { post_id: string }) => entry.post_id)).toEqual([post.id]);
    const refused = await callTool(client, 'get_calendar', { from: '2027-01-01T00:00:00Z', to: '2027-04-04T00:00:00Z' });
    expect([refused.isError, refused.structuredContent.error.code, Object.keys(refused.structuredContent.error.details)]).toEqual([true, 'validation_error', ['to']]);
  });

  it('list_publication_failures names the failed post, its reason in words and its code', async () => {
    const post = await createTestPost(api.runtime, member.memberId, { status: 'approved', body: 'Refused once', publishRequestedAt: new Date(), statusBeforePublish: 'approved' });
    await markPublishFailed(
      api.runtime.db,
      post.id,
      'LinkedIn answered 403 ACCESS_DENIED: Not enough permissions to access: partnerApiPostsExternal.CREATE.20260101',
      'ACCESS_DENIED',
    );
    const { data } = await ok('list_publication_failures');
    expect(data).toEqual([
      {
        post_id: post.id,
        title: 'Refused once',
        error: expect.stringMatching(/^LinkedIn answered 403 ACCESS_DENIED/),
        code: 'ACCESS_DENIED',
        failed_at: expect.any(String),
        status: 'approved',
      },
    ]);
    const refused = await callTool(client, 'list_publication_failures', { limit: 1_000 });
    expect([refused.isError, refused.structuredContent.error.code]).toEqual([true, 'validation_error']);
  });

  it('get_analytics_summary says where the numbers come from', async () => {
    const summary = (await ok('get_analytics_summary', { days: 90 })).summary;
    expect(summary).toMatchObject({ days: 90, source: 'sandbox', available: true, unavailable_reason: null });
    const refused = await callTool(client, 'get_analytics_summary', { days: 13 });
    expect([refused.isError, Object.keys(refused.structuredContent.error.details)]).toEqual([true, ['days']]);
  });
});
