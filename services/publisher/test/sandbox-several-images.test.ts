import sharp from 'sharp';
import type { ImageCandidate } from '@lps/db';
import { createStorage } from '@lps/storage';
import { createTestPost } from '@lps/testing';
import { adaOnSandbox, publishOnSandbox } from './support/publishing-harness.js';

// The sandbox network (the default) takes multi-image posts under LinkedIn's rules (decision 0022).
const world = adaOnSandbox();

it('a three-image post with alt text is published on the sandbox network, in order', async () => {
  const post = await createTestPost(world.harness.api.runtime, world.ada.memberId, { body: 'Three pictures on the sandbox' });
  const storage = createStorage(world.harness.api.runtime.config);
  const candidates: ImageCandidate[] = [];
  for (const index of [0, 1, 2]) {
    const stored = await storage.put(
      `${world.ada.memberId}/${post.id}/p-${index}.png`,
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#224466' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    candidates.push({ base_url: stored.url, width: 20, height: 20, kind: 'image', source: 'upload' });
  }
  await world.harness.api.runtime.db.post.update({ where: { id: post.id }, data: { imageCandidates: candidates } });
  await world.harness.api.http
    .post(`/posts/${post.id}/select-image`)
    .set('Authorization', world.ada.auth)
    .send({ images: [{ image_index: 1, alt_text: 'one' }, { image_index: 0 }, { image_index: 2, alt_text: 'two' }], use_overlay: false })
    .expect(200);
  const { published, onSandbox } = await publishOnSandbox(world.harness.api, world.ada.auth, post.id);
  expect(onSandbox?.images?.map((image) => image.altText)).toEqual(['one', undefined, 'two']);
  expect(new Set(onSandbox?.images?.map((image) => image.urn)).size).toBe(3);
  expect(published.publishImageUrns).toBeNull();
});
