import { runCli } from '@lps/cli';
import { SANDBOX_REFUSAL_KINDS, type SandboxRefusalKind } from '@lps/network';
import { createTestMember, createTestPost, waitFor, type TestMember } from '@lps/testing';
import { outboxEvents, sandboxOf, startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// `lps sandbox fail-next` end to end (decision 0038), on `npm start`'s default network: the operator arms
// a LinkedIn refusal, the member publishes, the publication fails as it would on LinkedIn (retries,
// disconnection and all), the failure inbox shows it in words, the member fixes and retries, the post is
// published and the inbox forgets it. Over HTTP through the API (its answers checked against the OpenAPI
// document) with the real publisher.

let harness: PublishingHarness;
const saved = { ...process.env };

beforeAll(async () => {
  harness = await startPublishing({});
  await harness.startPublisher();
  // The CLI reads its configuration from the environment: this runtime's database and Redis prefix.
  const { config } = harness.api.runtime;
  Object.assign(process.env, { DATABASE_URL: config.database.url, LPS_REDIS_PREFIX: config.redis.prefix, LPS_NETWORK: 'sandbox', LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  process.env = saved;
  await harness.stop();
});

const http = () => harness.api.http;
const db = () => harness.api.runtime.db;

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = await runCli(argv, (line) => lines.push(line));
  return { code, lines };
}

/** The publication has ended, one way or the other. */
const settled = (id: string) =>
  waitFor(
    async () => {
      const post = await db().post.findUnique({ where: { id } });
      return post && !post.publishRequestedAt && post.status !== 'scheduled' ? post : undefined;
    },
    { timeoutMs: 30_000, what: `post ${id} settled` },
  );

const failures = async (member: TestMember) =>
  (await http().get('/publication-failures').set('Authorization', member.auth).expect(200)).body.data as Array<Record<string, unknown>>;

/** What LinkedIn's refusal says once the publisher has dealt with it (FAST_PUBLISHING_ENV: 3 attempts). */
const EXPECTED: Record<SandboxRefusalKind, { error: RegExp; code: string | null }> = {
  expired_token: {
    error: /^the network refused the member's token; reconnect the member \(LinkedIn answered 401 EXPIRED_ACCESS_TOKEN: The token used in the request has expired\)$/,
    code: 'EXPIRED_ACCESS_TOKEN',
  },
  access_denied: { error: /^LinkedIn answered 403 ACCESS_DENIED: Not enough permissions to access: partnerApiPostsExternal\.CREATE\.\d+$/, code: 'ACCESS_DENIED' },
  duplicate: { error: /^LinkedIn answered 422 DUPLICATE_POST: ERROR :: \/commentary :: Content is a duplicate of urn:li:share:\d+$/, code: 'DUPLICATE_POST' },
  too_long: { error: /^LinkedIn answered 400 FIELD_LENGTH_TOO_LONG: \/commentary :: length exceeds 3000$/, code: 'FIELD_LENGTH_TOO_LONG' },
  throttled: { error: /^gave up after 3 attempts: LinkedIn answered 429: Too Many Requests$/, code: null },
  server_error: { error: /^gave up after 3 attempts: LinkedIn answered 500: Internal Server Error$/, code: null },
};

describe('lps sandbox fail-next, publish → failed → the inbox → fix and retry → published', () => {
  it.each(SANDBOX_REFUSAL_KINDS)('%s', async (kind) => {
    const member = await createTestMember(harness.api.runtime, { displayName: `Refused ${kind}` });
    const post = await createTestPost(harness.api.runtime, member.memberId, { status: 'approved', body: `What a ${kind} taught us about shipping.` });
    const armed = await cli('sandbox', 'fail-next', member.memberId, '--error', kind, '--json');
    expect([armed.code, JSON.parse(armed.lines[0] as string)]).toEqual([0, { member_id: member.memberId, armed: kind }]);

    await http().post(`/posts/${post.id}/publish`).set('Authorization', member.auth).expect(202);
    const failed = await settled(post.id);
    expect(failed.status).toBe('approved');
    const wire = (await http().get(`/posts/${post.id}`).set('Authorization', member.auth).expect(200)).body.post;
    expect(wire.last_error).toMatch(EXPECTED[kind].error);
    expect(wire.network_post_urn).toBeNull();

    // In the inbox, in words, with LinkedIn's code; announced as for any failure.
    const inbox = await failures(member);
    expect(inbox).toEqual([
      { post_id: post.id, title: `What a ${kind} taught us about shipping.`, error: wire.last_error, code: EXPECTED[kind].code, failed_at: expect.any(String), status: 'approved' },
    ]);
    const announced = (await outboxEvents(harness.api, 'post.publish_failed')).filter((event) => (event.payload as { post: { id: string } }).post.id === post.id);
    expect(announced).toHaveLength(1);
    // Nothing reached the network.
    expect((await sandboxOf(harness.api).store.listPosts()).filter((entry) => entry.reference === `lps-${post.id}`)).toEqual([]);

    // Fix: what the reason asks for.
    if (kind === 'expired_token') {
      // LinkedIn refused the token: the member is disconnected (connection.revoked) and must connect again first.
      expect((await http().get('/me').set('Authorization', member.auth).expect(200)).body.member.network_connected).toBe(false);
      expect((await outboxEvents(harness.api, 'connection.revoked')).some((event) => event.memberId === member.memberId)).toBe(true);
      const refused = await http().post(`/posts/${post.id}/publish`).set('Authorization', member.auth);
      expect([refused.status, refused.body.error.code]).toEqual([422, 'unprocessable']);
      expect((await cli('member', 'connect', member.memberId)).code).toBe(0);
    }
    if (kind === 'duplicate' || kind === 'too_long') {
      await http()
        .patch(`/posts/${post.id}`)
        .set('Authorization', member.auth)
        .send({ body: `What a ${kind} taught us, said anew.` })
        .expect(200);
      // An edit alone is not a retry: the post stays in the inbox until it is published or rescheduled.
      expect((await failures(member)).map((entry) => entry.post_id)).toEqual([post.id]);
    }

    // Retry: published, and gone from the inbox.
    await http().post(`/posts/${post.id}/publish`).set('Authorization', member.auth).expect(202);
    const published = await settled(post.id);
    expect(published.status).toBe('published');
    expect(await failures(member)).toEqual([]);
    const row = await db().post.findUniqueOrThrow({ where: { id: post.id } });
    expect([row.lastError, row.publishFailedAt, row.publishErrorCode]).toEqual([null, null, null]);
  });

  it('a failure leaves the inbox when the post is scheduled or queued again, not when it is edited; newest first; another member sees none of it', async () => {
    const ada = await createTestMember(harness.api.runtime, { displayName: 'Ada Inbox' });
    const bob = await createTestMember(harness.api.runtime, { displayName: 'Bob Inbox' });
    const posts = [];
    for (const title of ['First refused', 'Second refused', 'Third refused']) {
      const post = await createTestPost(harness.api.runtime, ada.memberId, { status: 'approved', body: `${title}\nand its second line.` });
      expect((await cli('sandbox', 'fail-next', ada.memberId, '--error', 'access_denied')).code).toBe(0);
      await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
      await settled(post.id);
      posts.push(post);
    }
    expect((await failures(ada)).map((entry) => entry.title)).toEqual(['Third refused', 'Second refused', 'First refused']);
    expect(await failures(bob)).toEqual([]);
    // Pages of one, by cursor.
    const first = (await http().get('/publication-failures?limit=1').set('Authorization', ada.auth).expect(200)).body;
    const second = (
      await http()
        .get(`/publication-failures?limit=1&cursor=${encodeURIComponent(first.page.next_cursor)}`)
        .set('Authorization', ada.auth)
        .expect(200)
    ).body;
    expect([first.data[0].title, second.data[0].title, first.page.has_more]).toEqual(['Third refused', 'Second refused', true]);

    const [one, two, three] = posts.map((post) => post.id) as [string, string, string];
    await http()
      .post(`/posts/${one}/schedule`)
      .set('Authorization', ada.auth)
      .send({ scheduled_at: new Date(Date.now() + 86_400_000).toISOString() })
      .expect(200);
    await http().post(`/posts/${two}/queue`).set('Authorization', ada.auth).expect(200);
    await http().patch(`/posts/${three}`).set('Authorization', ada.auth).send({ body: 'Third refused, edited' }).expect(200);
    expect((await failures(ada)).map((entry) => entry.post_id)).toEqual([three]);
    await http().delete(`/posts/${three}`).set('Authorization', ada.auth).expect(204);
    expect(await failures(ada)).toEqual([]);
  });

  it('refuses what it cannot do: no such member, an unknown kind, no member id', async () => {
    const member = await createTestMember(harness.api.runtime);
    expect((await cli('sandbox', 'fail-next', '00000000-0000-4000-8000-000000000000')).code).toBe(2);
    expect((await cli('sandbox', 'fail-next', member.memberId, '--error', 'meteor_strike')).code).toBe(2);
    expect((await cli('sandbox', 'fail-next')).code).toBe(2);
    expect((await cli('sandbox', 'fail-next', 'not-a-uuid')).code).toBe(2);
    expect(await sandboxOf(harness.api).armedRefusal(member.memberId)).toBeUndefined();
    // Without --error: a duplicate, the refusal members meet most.
    const plain = await cli('sandbox', 'fail-next', member.memberId);
    expect([plain.code, plain.lines[0]]).toEqual([0, expect.stringMatching(/^the next publication of member .* will be refused: LinkedIn answers 422 DUPLICATE_POST/)]);
    expect(await sandboxOf(harness.api).armedRefusal(member.memberId)).toBe('duplicate');
  });
});
