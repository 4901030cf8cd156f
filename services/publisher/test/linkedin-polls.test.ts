import { createTestPost } from '@lps/testing';
import { adaOnFakeLinkedIn } from './support/fake-linkedin-member.js';

// Polls (decision 0033) set through the API and published by the publisher to a fake LinkedIn written
// from the Poll API page: content.poll {question, options: [{text}], settings: {duration,
// voteSelectionType, isVoterVisibleToAuthor}}, one content type per post.
const { world, http, settled } = adaOnFakeLinkedIn();
const onLinkedIn = (urn: string | null) => world.fake.state.posts.find((post) => post.urn === urn);

async function publishPoll(body: string, poll: object) {
  const post = await createTestPost(world.harness.api.runtime, world.ada.memberId, { body });
  await http().patch(`/posts/${post.id}`).set('Authorization', world.ada.auth).send({ poll }).expect(200);
  await http().post(`/posts/${post.id}/publish`).set('Authorization', world.ada.auth).expect(202);
  return settled(post.id);
}

it.each([
  [1, 'ONE_DAY'],
  [3, 'THREE_DAYS'],
  [7, 'SEVEN_DAYS'],
  [14, 'FOURTEEN_DAYS'],
])('a %i-day poll goes out as content.poll exactly as LinkedIn documents it (%s), with its commentary', async (days, duration) => {
  const question = `Ship on Fridays? (${days} days)`;
  const done = await publishPoll(`Tell me how your team does it #deploys (${days})`, { question, options: ['Always', 'Never', 'Only fixes', '<script>'], duration_days: days });
  expect([done.status, done.lastError, done.format]).toEqual(['published', null, 'poll']);
  const published = onLinkedIn(done.networkPostUrn);
  expect(published?.content).toEqual({
    poll: {
      question,
      options: [{ text: 'Always' }, { text: 'Never' }, { text: 'Only fixes' }, { text: '<script>' }],
      settings: { duration, voteSelectionType: 'SINGLE_VOTE', isVoterVisibleToAuthor: true },
    },
  });
  expect(published?.commentary).toBe(`Tell me how your team does it {hashtag|\\#|deploys} \\(${days}\\)`);
});

it('a poll whose body has a link goes out without the link card: LinkedIn takes one kind of content', async () => {
  const post = await createTestPost(world.harness.api.runtime, world.ada.memberId, {
    body: 'Notes at https://example.test/notes',
    linkPreview: {
      url: 'https://example.test/notes',
      request_id: 'r1',
      requested_at: new Date().toISOString(),
      page: { status: 'ready', title: 'Notes', description: null, image_url: null, site_name: null, note: null, fetched_at: new Date().toISOString() },
      member: {},
    },
  });
  await http()
    .patch(`/posts/${post.id}`)
    .set('Authorization', world.ada.auth)
    .send({ poll: { question: 'Read them?', options: ['Yes', 'No'] } })
    .expect(200);
  const { preview } = (await http().get(`/posts/${post.id}/preview`).set('Authorization', world.ada.auth).expect(200)).body;
  expect(preview.link.shown).toBe(false);
  await http().post(`/posts/${post.id}/publish`).set('Authorization', world.ada.auth).expect(202);
  const done = await settled(post.id);
  expect(done.status).toBe('published');
  expect(onLinkedIn(done.networkPostUrn)?.content).toEqual({
    poll: {
      question: 'Read them?',
      options: [{ text: 'Yes' }, { text: 'No' }],
      settings: { duration: 'SEVEN_DAYS', voteSelectionType: 'SINGLE_VOTE', isVoterVisibleToAuthor: true },
    },
  });
});

it('LinkedIn refusing a poll (scripted 400) fails the publication for good with its words, and creates nothing', async () => {
  const post = await createTestPost(world.harness.api.runtime, world.ada.memberId, {
    body: 'Refused',
    format: 'poll',
    poll: { question: 'Q?', options: ['a', 'b'], duration_days: 3 },
  });
  world.fake.state.failNext('posts.create', { status: 400, body: { status: 400, code: 'INVALID_CONTENT', message: '/content/poll/options :: a poll has 2 to 4 options' } });
  const postsBefore = world.fake.state.posts.length;
  await http().post(`/posts/${post.id}/publish`).set('Authorization', world.ada.auth).expect(202);
  const done = await settled(post.id);
  expect([done.status, done.publishAttempts]).toEqual(['draft_saved', 1]);
  expect(done.lastError).toMatch(/poll/);
  expect(world.fake.state.posts.length).toBe(postsBefore);
});
