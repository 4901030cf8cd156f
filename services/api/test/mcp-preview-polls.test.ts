import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// An agent through the MCP SDK (decisions 0032, 0033): it adds a poll with edit_post and reads, with
// preview_post, exactly what LinkedIn will receive and show — the same answers as the REST twins.
let api: TestApi;
let ada: TestMember;
let client: Client;

type ToolAnswer = { isError?: boolean; structuredContent?: any; content: Array<{ type: string; text?: string }> };
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolAnswer;

beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60' });
  ada = await createTestMember(api.runtime, { displayName: 'Ada' });
  client = new Client({ name: 'lps-test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(api.baseUrl.replace(/\/api\/v1$/, '/mcp')), { requestInit: { headers: { Authorization: ada.auth } } }));
});
afterAll(async () => {
  await client.close();
  await api.stop();
});

it('lists preview_post as read-only and edit_post with a poll argument', async () => {
  const { tools } = await client.listTools();
  const preview = tools.find((tool) => tool.name === 'preview_post');
  expect(preview?.annotations?.readOnlyHint).toBe(true);
  expect(preview?.inputSchema.required).toEqual(['post_id']);
  const edit = tools.find((tool) => tool.name === 'edit_post');
  expect(Object.keys((edit?.inputSchema.properties ?? {}) as object)).toEqual(expect.arrayContaining(['post_id', 'body', 'poll']));
  expect(edit?.description).toMatch(/poll/);
});

it('an agent adds a poll, reads the preview (the REST answer, word for word), then removes the poll', async () => {
  const post = await createTestPost(api.runtime, ada.memberId, { body: 'Friday question #deploys (answer below)' });
  const poll = { question: 'Deploy on Fridays?', options: ['Yes', 'No', 'Only fixes'], duration_days: 1 };
  const edited = await call('edit_post', { post_id: post.id, poll });
  expect(edited.isError).toBeFalsy();
  expect(edited.structuredContent.post).toMatchObject({ format: 'poll', poll });

  const previewed = await call('preview_post', { post_id: post.id });
  expect(previewed.isError).toBeFalsy();
  const rest = (await api.http.get(`/posts/${post.id}/preview`).set('Authorization', ada.auth).expect(200)).body;
  expect(previewed.structuredContent).toEqual(rest);
  expect(previewed.structuredContent.preview).toMatchObject({
    commentary: 'Friday question {hashtag|\\#|deploys} \\(answer below\\)',
    over_limit: false,
    poll,
    hashtags: ['#deploys'],
  });

  const removed = await call('edit_post', { post_id: post.id, poll: null });
  expect(removed.structuredContent.post).toMatchObject({ format: 'text', poll: null });
});

it('a bad poll is a tool error carrying the REST envelope, naming the field', async () => {
  const post = await createTestPost(api.runtime, ada.memberId);
  const answer = await call('edit_post', { post_id: post.id, poll: { question: 'Pick', options: ['a', 'b', 'c', 'd', 'x'.repeat(31)] } });
  expect(answer.isError).toBe(true);
  expect(answer.structuredContent?.error ?? JSON.parse(answer.content[0]?.text ?? '{}').error).toMatchObject({
    code: 'validation_error',
    details: { 'poll.options.4': expect.any(String) },
  });
});

it('body edits through edit_post still work alone, and link_preview and images are passed on, not dropped', async () => {
  const post = await createTestPost(api.runtime, ada.memberId, { body: 'Read https://example.test/notes' });
  const edited = await call('edit_post', { post_id: post.id, link_preview: { enabled: false } });
  expect(edited.isError).toBeFalsy();
  expect(edited.structuredContent.post.link_preview.enabled).toBe(false);
  const body = await call('edit_post', { post_id: post.id, body: 'A new text' });
  expect(body.structuredContent.post.body).toBe('A new text');
});
