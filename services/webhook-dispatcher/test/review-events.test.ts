import { createTestPost, waitFor } from '@lps/testing';
import { createEndpoint, createTestMember, deliveriesOf, startReceiver, startWebhookTest, type Receiver, type WebhookTest } from './support/webhook-harness.js';

// post.approved and post.rejected are events like the others: an endpoint receives the ones it
// subscribed to, signed, with the post in data — and no endpoint receives what it did not ask for.

let harness: WebhookTest;
let receiver: Receiver;
beforeAll(async () => {
  harness = await startWebhookTest();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await harness.stop();
});

const bodyOf = (index: number) => JSON.parse(receiver.received[index]!.rawBody.toString('utf8'));

describe('review events', () => {
  it('reach the endpoints subscribed to each, and only them', async () => {
    const member = await createTestMember(harness.runtime);
    const approvals = await createEndpoint(harness.api, member, `${receiver.url}/approvals`, ['post.approved']);
    const rejections = await createEndpoint(harness.api, member, `${receiver.url}/rejections`, ['post.rejected']);
    const publications = await createEndpoint(harness.api, member, `${receiver.url}/publications`, ['post.published']);
    const approved = await createTestPost(harness.runtime, member.memberId);
    const rejected = await createTestPost(harness.runtime, member.memberId);
    const as = (path: string, body?: object) => harness.api.http.post(path).set('Authorization', member.auth).send(body);
    await as(`/posts/${approved.id}/approve`).expect(200);
    await as(`/posts/${rejected.id}/reject`, { note: 'Too long.' }).expect(200);
    await waitFor(() => receiver.received.length >= 2, { what: 'the two review deliveries' });
    const byPath = Object.fromEntries(receiver.received.map((delivery, index) => [delivery.path, { headers: delivery.headers, body: bodyOf(index) }]));
    expect(byPath['/approvals']).toMatchObject({
      headers: { 'x-lps-event': 'post.approved' },
      body: { type: 'post.approved', data: { post: { id: approved.id, status: 'approved' } } },
    });
    expect(byPath['/rejections']).toMatchObject({
      headers: { 'x-lps-event': 'post.rejected' },
      body: { type: 'post.rejected', data: { post: { id: rejected.id, status: 'rejected', review_note: 'Too long.' } } },
    });
    // Each recorded as delivered once the dispatcher has read the receiver's answer.
    const recorded = async (endpointId: string) => {
      const data = (await deliveriesOf(harness.api, member, endpointId).expect(200)).body.data as { event: string; status: string }[];
      return data.length === 1 && data[0]!.status === 'success' ? data[0]!.event : undefined;
    };
    expect(await waitFor(() => recorded(approvals.id), { what: 'the approval recorded as delivered' })).toBe('post.approved');
    expect(await waitFor(() => recorded(rejections.id), { what: 'the rejection recorded as delivered' })).toBe('post.rejected');
    // The relay fans an event out to every subscribed endpoint at once: with both delivered, none is owed to the third.
    expect((await deliveriesOf(harness.api, member, publications.id).expect(200)).body.data).toEqual([]);
    expect(receiver.received).toHaveLength(2);
  });
});
