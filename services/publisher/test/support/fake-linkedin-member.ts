import { createTestMember, startFakeLinkedIn, type FakeLinkedIn, type TestMember } from '@lps/testing';
import { linkedInSteps } from './linkedin-steps.js';
import { startPublishing, type PublishingHarness } from './publishing-harness.js';

/**
 * A fake LinkedIn, the API and a publisher over it, and Ada connected to LinkedIn through the OAuth
 * callback: registers the file's beforeAll/afterAll and hands back the pieces (filled in by then).
 */
export function adaOnFakeLinkedIn(env: Record<string, string> = {}) {
  const world = {} as { fake: FakeLinkedIn; harness: PublishingHarness; ada: TestMember };
  const steps = linkedInSteps(
    () => world.harness,
    () => world.fake,
  );
  beforeAll(async () => {
    world.fake = await startFakeLinkedIn();
    world.harness = await startPublishing({ ...world.fake.env, LINKEDIN_TIMEOUT: '5s', LPS_RATE_LIMIT: '100000/60', ...env });
    world.ada = await createTestMember(world.harness.api.runtime, { displayName: 'Ada' });
    await steps.connect(world.ada);
    await world.harness.startPublisher();
  });
  afterAll(async () => {
    await world.harness?.stop();
    await world.fake?.close();
  });
  /** The creates (`POST /rest/posts`) the fake received after the first `count` requests. */
  const createsSince = (count: number) => world.fake.state.requests.slice(count).filter((request) => request.method === 'POST' && request.path === '/rest/posts');
  return { world, ...steps, http: () => world.harness.api.http, createsSince };
}
