import { createTestPost } from '@lps/testing';
import { adaOnSandbox, publishOnSandbox } from './support/publishing-harness.js';

// The sandbox network (npm start's default) takes polls under LinkedIn's rules (decision 0033) and keeps
// the commentary exactly as the preview shows it (decision 0032).
const world = adaOnSandbox();

it('a poll set through the API is published on the sandbox with its question, options and duration, and the previewed commentary', async () => {
  const post = await createTestPost(world.harness.api.runtime, world.ada.memberId, { body: 'Which one? #choices (vote below)' });
  const poll = { question: 'Monorepo or many repos?', options: ['Monorepo', 'Many repos', 'It depends'], duration_days: 14 };
  await world.harness.api.http.patch(`/posts/${post.id}`).set('Authorization', world.ada.auth).send({ poll }).expect(200);
  const { preview } = (await world.harness.api.http.get(`/posts/${post.id}/preview`).set('Authorization', world.ada.auth).expect(200)).body;
  const { published, onSandbox } = await publishOnSandbox(world.harness.api, world.ada.auth, post.id);
  expect([published.status, published.format]).toEqual(['published', 'poll']);
  expect(onSandbox?.poll).toEqual({ question: poll.question, options: poll.options, durationDays: 14 });
  expect(onSandbox?.commentary).toBe(preview.commentary);
  expect(onSandbox?.commentary).toBe('Which one? {hashtag|\\#|choices} \\(vote below\\)');
  // A published post is read-only: its poll cannot change (LinkedIn allows no edit of a poll either).
  const refused = await world.harness.api.http.patch(`/posts/${post.id}`).set('Authorization', world.ada.auth).send({ poll: null }).expect(409);
  expect(refused.body.error.code).toBe('conflict');
});
