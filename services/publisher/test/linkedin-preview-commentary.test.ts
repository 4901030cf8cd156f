import { waitFor } from '@lps/testing';
import { LITTLE_TEXT_RESERVED } from '@lps/network';
import { createTestPost } from '@lps/testing';
import { adaOnFakeLinkedIn } from './support/fake-linkedin-member.js';

// Decision 0032: what GET /posts/{id}/preview shows as `commentary` is what LinkedIn receives, byte
// for byte — one function makes both. Each hostile body is written through PATCH, previewed, published
// through the API and the publisher, and compared with the request body the fake LinkedIn received.
const { world, http, settled, createsSince } = adaOnFakeLinkedIn();

async function writeAndPreview(body: string) {
  const post = await createTestPost(world.harness.api.runtime, world.ada.memberId, { body: 'placeholder' });
  await http().patch(`/posts/${post.id}`).set('Authorization', world.ada.auth).send({ body }).expect(200);
  const { preview } = (await http().get(`/posts/${post.id}/preview`).set('Authorization', world.ada.auth).expect(200)).body;
  return { post, preview };
}

const HOSTILE_BODIES: [string, string][] = [
  ['every reserved character, alone and doubled', `All of them: ${LITTLE_TEXT_RESERVED.join(' ')} ${LITTLE_TEXT_RESERVED.map((char) => char + char).join('')}`],
  ['escapes and markup already in the text', 'a \\# b \\\\ c {hashtag|\\#|no} @[Ada](x) @[](urn:li:person:1) [link](https://x.test) <b>bold</b> ~~strike~~ __u__ **b** |t|'],
  ['hashtags and mentions beside reserved characters', '(#inparens) "#quoted" #end. #ci/cd #under_score @[Ada_(L)](urn:li:person:a_b-1) @[Acme {Inc}](urn:li:organization:42)!'],
  ['emoji, ZWJ sequences, flags and skin tones', 'Ship it 🚀👩🏽‍💻👨‍👩‍👧‍👦🏳️‍🌈🇫🇷 #launch 🎉'],
  ['right-to-left text and marks', 'مرحبا بالعالم #عربي — שלום עולם (בדיקה) \u200f#עברית\u200e'],
  ['combining marks', 'cafe\u0301 #cafe\u0301 Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇ n\u0303 ＃旅行'],
  ['control characters (no NUL) and line endings', 'tab\there\r\nCRLF\rCR\u0001\u0007\u001b[31mred\u001b[0m\u007f\u0085 end'],
  ['3,000 plain characters, the limit exactly', 'x'.repeat(3000)],
  ['a body whose commentary is exactly 3,000 with escapes', `${'y'.repeat(2994)} (a)`],
];

describe('the preview is what LinkedIn receives', () => {
  it.each(HOSTILE_BODIES)('%s', async (_name, body) => {
    const { post, preview } = await writeAndPreview(body);
    expect(preview.over_limit).toBe(false);
    const before = world.fake.state.requests.length;
    await http().post(`/posts/${post.id}/publish`).set('Authorization', world.ada.auth).expect(202);
    const done = await settled(post.id);
    expect([done.status, done.lastError]).toEqual(['published', null]);
    expect(createsSince(before)).toHaveLength(1);
    const received = world.fake.state.posts.find((entry) => entry.urn === done.networkPostUrn);
    // Byte for byte: the same UTF-8 bytes, not merely equal after some normalisation.
    expect(Buffer.from(received?.commentary ?? '', 'utf8').equals(Buffer.from(preview.commentary, 'utf8'))).toBe(true);
    expect(received?.commentary).toBe(preview.commentary);
    expect(preview.characters).toBe(preview.commentary.length);
    // And what LinkedIn's reader makes of it is what the preview says readers see, never cut short.
    expect(received?.text).toBe(preview.text);
    expect(received?.hashtags).toEqual(preview.hashtags.map((tag: string) => tag.slice(1)));
  });

  it('a body over the limit once escaped is refused at the request: publish answers 422 saying by how much, nothing is created', async () => {
    const { post, preview } = await writeAndPreview(`${'z'.repeat(2995)} (a)`);
    expect([preview.characters, preview.over_limit]).toEqual([3001, true]);
    const before = world.fake.state.requests.length;
    const refused = await http().post(`/posts/${post.id}/publish`).set('Authorization', world.ada.auth).expect(422);
    expect(refused.body.error).toMatchObject({ code: 'unprocessable', details: { body: "1 characters over LinkedIn's 3,000" } });
    expect(refused.body.error.message).toMatch(/3,001 characters as LinkedIn counts them .*shorten it by 1/);
    expect(createsSince(before)).toHaveLength(0);
  });

  it('a scheduled post edited past the limit is refused by the publisher before any call: the publication fails saying by how much', async () => {
    const { post } = await writeAndPreview('A short post that fits.');
    await http()
      .post(`/posts/${post.id}/schedule`)
      .set('Authorization', world.ada.auth)
      .send({ scheduled_at: new Date(Date.now() + 2_000).toISOString() })
      .expect(200);
    // Editing a scheduled post keeps it scheduled; the body fits the API's 3,000 but its commentary does not.
    await http()
      .patch(`/posts/${post.id}`)
      .set('Authorization', world.ada.auth)
      .send({ body: `${'z'.repeat(2995)} (a)` })
      .expect(200);
    const before = world.fake.state.requests.length;
    // Scheduled, it is not in flight yet: waited for until the publisher has dealt with it.
    const done = await waitFor(
      async () => {
        const row = await world.harness.api.runtime.db.post.findUnique({ where: { id: post.id } });
        return row && row.status !== 'scheduled' && !row.publishRequestedAt ? row : undefined;
      },
      { timeoutMs: 30_000, what: 'the scheduled publication settled' },
    );
    expect(done.status).toBe('draft_saved');
    expect(done.lastError).toMatch(/3,001 characters as LinkedIn counts them.*at most 3,000: shorten it by 1/);
    expect(createsSince(before)).toHaveLength(0);
  });
});
