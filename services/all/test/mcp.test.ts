import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startApiService, type ApiService } from '@lps/api';
import { startImageService } from '@lps/image';
import { startPublisherService } from '@lps/publisher';
import { startResearchService } from '@lps/research';
import { startHealthServer, type HealthServer, type RunningService } from '@lps/runtime';
import { createTestMember, createTestRuntime, startLoopbackServer, type LoopbackServer, type TestMember, type TestRuntime } from '@lps/testing';
// The MCP client the API's own tests use.
import { callTool, connectMcp, okTool } from '../../api/test/support/mcp-client.js';

// A 1×1 PNG served by a loopback "public" image host for upload_image_from_url.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let test: TestRuntime;
let api: ApiService;
let workers: RunningService[];
let imageHost: LoopbackServer;

beforeAll(async () => {
  test = await createTestRuntime({ LPS_ALLOW_PRIVATE_URLS: '1', LPS_DATA_DIR: `/tmp/lps-mcp-test-${process.pid}` });
  api = await startApiService(test.runtime, { port: 0, host: '127.0.0.1' });
  // The health port last, as `npm start` adds it: /metrics is served there.
  workers = [await startPublisherService(test.runtime), await startImageService(test.runtime), await startResearchService(test.runtime), await startHealthServer(test.runtime, 0)];
  imageHost = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
  });
});
afterAll(async () => {
  await imageHost.close();
  await api.stop();
  for (const worker of workers) await worker.stop();
  await test.cleanup();
});

const connect = (auth?: string): Promise<Client> => connectMcp(`http://127.0.0.1:${api.port}/mcp`, auth);
const call = callTool;
const ok = okTool;

const EXPECTED_TOOLS = [
  'list_ideas',
  'generate_ideas',
  'research_ideas',
  'update_idea',
  'dismiss_idea',
  'restore_idea',
  'create_post',
  'create_post_from_idea',
  'duplicate_post',
  'get_post',
  'list_posts',
  'edit_post',
  'preview_post',
  'regenerate_post',
  'delete_post',
  'list_templates',
  'generate_images',
  'wait_for_post',
  'upload_image_from_url',
  'select_image',
  'schedule_post',
  'publish_post',
  'get_post_analytics',
  'get_account_analytics',
  'get_profile',
  'get_linkedin_connection',
  'connect_linkedin',
  'disconnect_linkedin',
  'get_settings',
  'update_settings',
  'get_schedule',
  'set_schedule',
  'list_slots',
  'queue_post',
  'unschedule_post',
  'suggest_times',
  'get_calendar',
  'list_publication_failures',
  'get_analytics_summary',
  'approve_post',
  'reject_post',
];

describe('MCP server at /mcp', () => {
  let member: TestMember;
  let client: Client;
  beforeAll(async () => {
    member = await createTestMember(test.runtime, { displayName: 'Mona', headline: 'Product manager' });
    client = await connect(member.auth);
  });
  afterAll(async () => client.close());

  it('lists every tool with a description and an object input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...EXPECTED_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(30);
      expect(tool.inputSchema.type).toBe('object');
    }
    const schedule = tools.find((tool) => tool.name === 'schedule_post');
    expect(schedule?.inputSchema.required).toEqual(expect.arrayContaining(['post_id', 'scheduled_at']));
  });

  it('runs every tool once for a fresh member, end to end', async () => {
    expect((await ok(client, 'get_profile')).member.display_name).toBe('Mona');
    expect((await ok(client, 'list_templates')).data.length).toBeGreaterThan(3);

    const generated = await ok(client, 'generate_ideas');
    expect(generated.ideas.length).toBeGreaterThan(0);
    const idea = generated.ideas[0];
    expect((await ok(client, 'list_ideas', { status: 'new' })).data.map((i: { id: string }) => i.id)).toContain(idea.id);
    expect((await ok(client, 'update_idea', { idea_id: idea.id, title: 'A sharper title' })).idea.title).toBe('A sharper title');
    expect((await ok(client, 'dismiss_idea', { idea_id: idea.id })).idea.status).toBe('dismissed');
    expect((await ok(client, 'restore_idea', { idea_id: idea.id })).idea.status).toBe('new');
    const fromIdea = (await ok(client, 'create_post_from_idea', { idea_id: idea.id })).post;
    expect(fromIdea.status).toBe('draft_saved');

    const post = (await ok(client, 'create_post', { idea: 'Three lessons from shipping weekly', template_id: 'how-to' })).post;
    expect((await ok(client, 'get_post', { post_id: post.id })).post.id).toBe(post.id);
    expect((await ok(client, 'list_posts', { limit: 5 })).data.length).toBe(2);
    expect((await ok(client, 'edit_post', { post_id: post.id, body: 'Shipping weekly taught us three things.' })).post.body).toBe('Shipping weekly taught us three things.');
    expect((await ok(client, 'regenerate_post', { post_id: post.id })).post.body).not.toBe('Shipping weekly taught us three things.');

    const images = await ok(client, 'generate_images', { post_id: post.id, scene: 'a calm desk at sunrise', wait_seconds: 45 });
    expect(images.settled).toBe(true);
    expect(images.post.image_candidates.length).toBeGreaterThan(1);
    expect((await ok(client, 'wait_for_post', { post_id: post.id, until: 'images', wait_seconds: 1 })).settled).toBe(true);
    const uploaded = await ok(client, 'upload_image_from_url', { post_id: fromIdea.id, image_url: `${imageHost.url}/photo.png` });
    expect(uploaded.image_url).toEqual(expect.any(String));
    const selected = (await ok(client, 'select_image', { post_id: post.id, image_index: 0 })).post;
    expect(selected.status).toBe('approved');

    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await ok(client, 'schedule_post', { post_id: fromIdea.id, scheduled_at: at })).post.status).toBe('scheduled');
    const published = await ok(client, 'publish_post', { post_id: post.id, wait_seconds: 45 });
    expect(published.settled).toBe(true);
    expect(published.post).toMatchObject({ status: 'published', network_url: expect.any(String) });
    expect((await ok(client, 'wait_for_post', { post_id: post.id, until: 'publication', wait_seconds: 1 })).post.status).toBe('published');
    expect((await ok(client, 'get_post_analytics', { post_id: post.id })).post_id).toBe(post.id);
    expect((await ok(client, 'get_account_analytics')).kpis.posts_published).toBe(1);
    // The published post copied as a new draft: its text, not its image or its publication.
    const copy = (await ok(client, 'duplicate_post', { post_id: post.id })).post;
    expect(copy).toMatchObject({ status: 'draft_saved', body: published.post.body, image_url: null, network_url: null });
    expect(copy.id).not.toBe(post.id);

    const research = await ok(client, 'research_ideas', { keyword: 'remote onboarding', wait_seconds: 45 });
    expect(research.settled).toBe(true);
    expect(research.ideas.every((i: { source: string }) => i.source === 'research')).toBe(true);

    expect(await ok(client, 'delete_post', { post_id: fromIdea.id })).toEqual({ deleted: true, post_id: fromIdea.id });
  }, 180_000);

  it('answers bad input with a tool error carrying validation_error and the field', async () => {
    const answer = await call(client, 'get_post', { post_id: 'not-a-uuid' });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({ error: { code: 'validation_error', details: { post_id: expect.any(String) } } });
    const unknownField = await call(client, 'create_post', { idea: 'x', mood: 'sunny' });
    expect(unknownField.structuredContent.error).toMatchObject({ code: 'validation_error', details: { mood: expect.any(String) } });
  });

  it('answers another member’s id with not_found, as the REST API does', async () => {
    const other = await createTestMember(test.runtime);
    const otherClient = await connect(other.auth);
    try {
      const post = (await ok(otherClient, 'create_post', { idea: 'Private to the other member' })).post;
      for (const [name, args] of [
        ['get_post', { post_id: post.id }],
        ['duplicate_post', { post_id: post.id }],
        ['edit_post', { post_id: post.id, body: 'hijack' }],
        ['publish_post', { post_id: post.id, wait_seconds: 0 }],
        ['delete_post', { post_id: post.id }],
      ] as const) {
        const answer = await call(client, name, args);
        expect([name, answer.isError, answer.structuredContent?.error?.code]).toEqual([name, true, 'not_found']);
      }
    } finally {
      await otherClient.close();
    }
  });

  it('answers a state conflict with conflict', async () => {
    const post = (await ok(client, 'list_posts', { status: 'published' })).data[0];
    const answer = await call(client, 'edit_post', { post_id: post.id, body: 'too late' });
    expect(answer.structuredContent.error.code).toBe('conflict');
  });

  it('leaves the run visible in /metrics: jobs, publications, requests by route template', async () => {
    const health = workers.at(-1) as HealthServer;
    const text = await (await fetch(`http://127.0.0.1:${health.port}/metrics`)).text();
    expect(text).toMatch(/lps_publish_total\{[^}]*outcome="published"[^}]*\} [1-9]/);
    for (const [queue, job] of [
      ['publish', 'publish-post'],
      ['images', 'generate-images'],
      ['research', 'research-keyword'],
    ]) {
      expect(text).toMatch(new RegExp(`lps_jobs_total\\{[^}]*queue="${queue}"[^}]*job="${job}"[^}]*outcome="completed"[^}]*\\} [1-9]`));
      expect(text).toMatch(new RegExp(`lps_job_duration_seconds_count\\{[^}]*queue="${queue}"`));
    }
    expect(text).toMatch(/lps_http_request_duration_seconds_count\{[^}]*route="\/mcp"/);
  });

  it('refuses a missing or revoked key', async () => {
    await expect(connect()).rejects.toThrow(/401|unauthorized/i);
    const revoked = await createTestMember(test.runtime);
    await test.runtime.db.apiKey.update({ where: { id: revoked.keyId }, data: { revokedAt: new Date() } });
    await expect(connect(revoked.auth)).rejects.toThrow(/401|unauthorized/i);
  });
});
