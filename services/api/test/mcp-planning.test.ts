import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { callTool, connectMcp, okTool } from './support/mcp-client.js';

// The planning and review tools through the MCP SDK, as an agent uses them: set the member's
// zone and schedule, read the slots, queue a post, find it needs the member's approval, ask,
// approve, queue — and the same refusals as REST, as tool errors carrying the REST envelope.

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
const refused = async (name: string, args: Record<string, unknown> = {}) => {
  const answer = await callTool(client, name, args);
  expect(answer.isError).toBe(true);
  return answer.structuredContent.error as { code: string; message: string; details?: Record<string, string> };
};

const PLANNING_TOOLS = [
  'get_settings',
  'update_settings',
  'get_schedule',
  'set_schedule',
  'list_slots',
  'queue_post',
  'unschedule_post',
  'suggest_times',
  'approve_post',
  'reject_post',
];

describe('planning and review over MCP', () => {
  it('lists the tools, each with a description and an object input schema', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of PLANNING_TOOLS) {
      expect(byName.get(name)?.description?.length).toBeGreaterThan(30);
      expect(byName.get(name)?.inputSchema.type).toBe('object');
    }
    expect(byName.get('queue_post')?.inputSchema.required).toEqual(['post_id']);
    expect(byName.get('set_schedule')?.inputSchema.required).toEqual(['slots']);
  });

  it('sets the zone and schedule, reads the slots across a DST change, and suggests times', async () => {
    expect(await ok('get_settings')).toEqual({ settings: { time_zone: 'UTC', approval_required: false } });
    expect(await ok('update_settings', { time_zone: 'Europe/Paris' })).toEqual({ settings: { time_zone: 'Europe/Paris', approval_required: false } });
    expect((await ok('get_schedule')).schedule.slots).toHaveLength(5);
    const slots = [
      { day: 'sunday', time: '02:30' },
      { day: 'monday', time: '09:00' },
    ];
    expect(await ok('set_schedule', { slots })).toEqual({ schedule: { time_zone: 'Europe/Paris', slots: [slots[1], slots[0]] } });
    expect((await ok('list_slots', { from: '2027-03-28T00:00:00+01:00', to: '2027-03-29T12:00:00+02:00' })).data).toEqual([
      { at: '2027-03-28T01:30:00.000Z', local: '2027-03-28T03:30', post_id: null },
      { at: '2027-03-29T07:00:00.000Z', local: '2027-03-29T09:00', post_id: null },
    ]);
    expect((await ok('suggest_times')).suggestions).toMatchObject({ basis: 'default', posts_considered: 0 });
  });

  it('queues a post the member must approve first, after asking them', async () => {
    await ok('update_settings', { approval_required: true });
    await ok('set_schedule', { slots: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day, time: '12:00' })) });
    const post = await createTestPost(api.runtime, member.memberId);
    const refusal = await refused('queue_post', { post_id: post.id });
    expect(refusal).toMatchObject({ code: 'conflict', message: expect.stringContaining('needs approval') });
    // The member rejects the first version with a note, the agent revises, the member approves.
    expect((await ok('reject_post', { post_id: post.id, note: 'Say what we measured.' })).post).toMatchObject({ status: 'rejected', review_note: 'Say what we measured.' });
    await api.http.patch(`/posts/${post.id}`).set('Authorization', member.auth).send({ body: 'We measured a 40 % faster deploy.' }).expect(200);
    expect((await ok('approve_post', { post_id: post.id })).post.status).toBe('approved');
    const queued = (await ok('queue_post', { post_id: post.id })).post;
    expect(queued.status).toBe('scheduled');
    const listed = await ok('list_slots', { to: new Date(Date.parse(queued.scheduled_at) + 1).toISOString() });
    expect(listed.data.find((slot: { post_id: string | null }) => slot.post_id === post.id)).toMatchObject({ at: queued.scheduled_at, local: expect.stringMatching(/T12:00$/) });
    expect((await ok('unschedule_post', { post_id: post.id })).post).toMatchObject({ status: 'approved', scheduled_at: null });
  });

  it('refuses what REST refuses, naming the field', async () => {
    expect(await refused('update_settings', { time_zone: 'Mars/Olympus_Mons' })).toMatchObject({ code: 'validation_error', details: { time_zone: expect.any(String) } });
    expect(await refused('set_schedule', { slots: [{ day: 'monday', time: '24:00' }] })).toMatchObject({
      code: 'validation_error',
      details: { 'slots.0.time': expect.any(String) },
    });
    const post = await createTestPost(api.runtime, member.memberId);
    expect(await refused('reject_post', { post_id: post.id, note: 'n'.repeat(1001) })).toMatchObject({ code: 'validation_error', details: { note: expect.any(String) } });
    expect(await refused('unschedule_post', { post_id: post.id })).toMatchObject({ code: 'conflict' });
    expect(await refused('list_slots', { from: '2027-01-01T00:00:00Z', to: '2027-06-01T00:00:00Z' })).toMatchObject({
      code: 'validation_error',
      details: { to: expect.any(String) },
    });
  });
});
