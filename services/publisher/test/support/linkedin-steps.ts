import supertest from 'supertest';
import { createOAuthLink } from '@lps/cli';
import { ANALYTICS_APP, createTestPost, waitFor, type FakeLinkedIn, type TestMember } from '@lps/testing';
import type { PublishingHarness } from './publishing-harness.js';

/** A member's steps against the fake LinkedIn: connect through the OAuth callback, publish through the API, wait for the outcome. */
export function linkedInSteps(harness: () => PublishingHarness, fake: () => FakeLinkedIn) {
  const db = () => harness().api.runtime.db;
  const origin = () => supertest(harness().api.baseUrl.replace(/\/api\/v1$/, ''));

  /** Signs in as a new LinkedIn person, or as `sub` (the one the member is already bound to, say). */
  async function connect(member: TestMember, scopes?: string[], sub?: string) {
    const state = await createOAuthLink(db(), harness().api.runtime.keyring, { memberId: member.memberId });
    const code = fake().state.issueCode({ name: 'Ada Lovelace', scopes, ...(sub ? { sub } : {}) });
    const response = await origin().get('/oauth/linkedin/callback').query({ code, state });
    return { state, response };
  }

  /** The analytics app's grant for the LinkedIn person the member posts as (`lps member connect --analytics`). */
  async function connectAnalyticsApp(member: TestMember) {
    const { personUrn } = await db().networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    const state = await createOAuthLink(db(), harness().api.runtime.keyring, { memberId: member.memberId, analytics: true });
    const code = fake().state.issueCode({ sub: (personUrn as string).replace('urn:li:person:', ''), clientId: ANALYTICS_APP.clientId });
    return origin().get('/oauth/linkedin/callback').query({ code, state }).expect(200);
  }

  const settled = (id: string) =>
    waitFor(
      async () => {
        const post = await db().post.findUnique({ where: { id } });
        return post && !post.publishRequestedAt ? post : undefined;
      },
      { timeoutMs: 30_000, what: `post ${id} settled` },
    );

  async function publish(member: TestMember, body: string, status: 'draft_saved' | 'approved' = 'draft_saved') {
    const post = await createTestPost(harness().api.runtime, member.memberId, { body, status });
    await harness().api.http.post(`/posts/${post.id}/publish`).set('Authorization', member.auth).expect(202);
    return post;
  }

  return { db, origin, connect, connectAnalyticsApp, settled, publish };
}
