import { loadConfig } from '@lps/config';
import {
  LinkedInNetwork,
  linkedInPostCreatedAt,
  MemorySandboxStore,
  NetworkError,
  refusalAnswer,
  RedisSandboxStore,
  SANDBOX_REFUSAL_KINDS,
  SANDBOX_REFUSALS,
  SandboxNetwork,
  type NetworkAccount,
  type SandboxRefusalKind,
  type SandboxStore,
} from '@lps/network';
import { createTestRuntime, startFakeLinkedIn, type FakeLinkedIn, type TestRuntime } from '@lps/testing';

// The sandbox's refusals (decision 0038) must reach the publisher as LinkedIn's own would: the
// LinkedIn client, publishing against the fake LinkedIn that refuses the same way, must produce an
// error the publisher cannot tell apart (kind, status, code, retry advice, duplicate URN).

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as NetworkError,
  );

/** What the publisher reads of an error (handle-failure.ts, publish-post.ts). */
const asThePublisherSeesIt = (error: NetworkError) => ({
  name: error.name,
  kind: error.kind,
  retryable: error.retryable,
  status: error.status,
  code: error.code ?? null,
  uncertain: error.uncertain,
  waitsForQuota: error.retryAt !== undefined,
  namesAPost: error.duplicateOf !== undefined,
});

describe('the sandbox refuses as LinkedIn refuses', () => {
  let fake: FakeLinkedIn;
  let linkedIn: LinkedInNetwork;
  beforeAll(async () => {
    fake = await startFakeLinkedIn();
    linkedIn = new LinkedInNetwork(loadConfig({ ...fake.env, LINKEDIN_TIMEOUT: '5s' }).network.linkedin);
  });
  afterAll(async () => fake.close());

  /** The fake LinkedIn's own refusal where it makes one; otherwise LinkedIn's answer scripted on it. */
  async function linkedInRefusal(kind: SandboxRefusalKind): Promise<NetworkError> {
    const created = fake.state.addAccount();
    const account: NetworkAccount = { memberId: 'm', personUrn: created.personUrn, accessToken: created.accessToken };
    const publish = (commentary: string, as = account) => failureOf(linkedIn.publishPost(as, { commentary, reference: `ref-${kind}` }));
    switch (kind) {
      case 'expired_token':
        (fake.state.accounts.get(created.accessToken) as { invalid?: number }).invalid = 65602;
        return publish('hello');
      case 'access_denied':
        return publish('hello', { ...account, personUrn: 'urn:li:person:someone-else' });
      case 'duplicate':
        await linkedIn.publishPost(account, { commentary: 'said twice', reference: 'first' });
        return publish('said twice');
      // lps's client never sends a commentary over 3,000 (it refuses it first): LinkedIn's answer, should it count otherwise, is scripted.
      case 'too_long':
      case 'throttled':
      case 'server_error': {
        const { status, body } = refusalAnswer(kind);
        fake.state.failNext('posts.create', { status, body: JSON.parse(body) as unknown });
        return publish('hello');
      }
    }
  }

  it.each(SANDBOX_REFUSAL_KINDS)('%s: the publisher meets the same error from the sandbox as from LinkedIn', async (kind) => {
    const sandbox = new SandboxNetwork(new MemorySandboxStore());
    await sandbox.armRefusal('m', kind);
    const fromSandbox = await failureOf(sandbox.publishPost({ memberId: 'm', personUrn: 'urn:li:person:sandbox-m' }, { commentary: 'hello', reference: 'r' }));
    expect(fromSandbox).toBeInstanceOf(NetworkError);
    expect(asThePublisherSeesIt(fromSandbox)).toEqual(asThePublisherSeesIt(await linkedInRefusal(kind)));
  });

  it("a duplicate names an older post, never this publication's: its id says it was made a year ago", async () => {
    const sandbox = new SandboxNetwork(new MemorySandboxStore());
    await sandbox.armRefusal('m', 'duplicate');
    const error = await failureOf(sandbox.publishPost({ memberId: 'm', personUrn: 'urn:li:person:sandbox-m' }, { commentary: 'hello', reference: 'r' }));
    expect(error.message).toMatch(/^LinkedIn answered 422 DUPLICATE_POST: ERROR :: \/commentary :: Content is a duplicate of urn:li:share:\d+$/);
    const madeAt = linkedInPostCreatedAt(error.duplicateOf ?? '');
    expect(Date.now() - (madeAt?.getTime() ?? Date.now())).toBeGreaterThan(300 * 86_400_000);
    expect(await sandbox.store.findByUrn(error.duplicateOf ?? '')).toBeUndefined();
  });

  it('lists every kind once with a label and a description in words', () => {
    expect(SANDBOX_REFUSALS.map((refusal) => refusal.kind)).toEqual([...SANDBOX_REFUSAL_KINDS]);
    for (const refusal of SANDBOX_REFUSALS) expect([refusal.label.length > 3, refusal.description.length > 40]).toEqual([true, true]);
  });
});

const ada = { memberId: 'ada', personUrn: 'urn:li:person:sandbox-ada' };
const bob = { memberId: 'bob', personUrn: 'urn:li:person:sandbox-bob' };

/** The same rules for the memory store and for the Redis store's one-script publish. */
function armingRules(store: () => SandboxStore) {
  it("refuses the member's next publication once, and nobody else's", async () => {
    const network = new SandboxNetwork(store(), { publishAttempts: 4 });
    await network.armRefusal('ada', 'access_denied');
    expect(await network.armedRefusal('ada')).toBe('access_denied');
    expect((await network.publishPost(bob, { commentary: 'bob first', reference: 'bob-1' })).urn).toMatch(/^urn:li:share:\d+$/);
    await expect(network.publishPost(ada, { commentary: 'refused', reference: 'ada-1' })).rejects.toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    expect(await network.armedRefusal('ada')).toBeUndefined();
    expect(await network.findByReference(ada, 'ada-1')).toBeUndefined();
    // Consumed: the retry of the same post goes through.
    expect((await network.publishPost(ada, { commentary: 'refused', reference: 'ada-1' })).urn).toMatch(/^urn:li:share:\d+$/);
  });

  it('a 500 or 429 meets every attempt of the publication that consumed it (the publisher’s attempts), then lets the next one through', async () => {
    const network = new SandboxNetwork(store(), { publishAttempts: 3 });
    await network.armRefusal('ada', 'server_error');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await expect(network.publishPost(ada, { commentary: 'x', reference: 'lasting' })).rejects.toMatchObject({ status: 500, kind: 'retryable', uncertain: true });
      // Another publication of the same member is not refused meanwhile.
      expect((await network.publishPost(ada, { commentary: `other ${attempt}`, reference: `other-${attempt}` })).urn).toBeDefined();
    }
    expect((await network.publishPost(ada, { commentary: 'x', reference: 'lasting' })).urn).toBeDefined();
  });

  it('arming again replaces the refusal; disarming removes it', async () => {
    const network = new SandboxNetwork(store());
    await network.armRefusal('ada', 'too_long');
    await network.armRefusal('ada', 'expired_token');
    expect(await network.armedRefusal('ada')).toBe('expired_token');
    await network.disarmRefusal('ada');
    expect(await network.armedRefusal('ada')).toBeUndefined();
    expect((await network.publishPost(ada, { commentary: 'fine', reference: 'fine' })).urn).toBeDefined();
  });
}

describe('arming a refusal, in memory', () => {
  armingRules(() => new MemorySandboxStore());
});

describe('arming a refusal, in Redis', () => {
  let test: TestRuntime;
  beforeAll(async () => {
    test = await createTestRuntime();
  });
  afterAll(async () => test.cleanup());
  armingRules(() => new RedisSandboxStore(test.runtime.redis, test.runtime.config.redis.prefix));

  it('is seen by every process of the deployment, and consumed by exactly one of two publications racing', async () => {
    const prefix = test.runtime.config.redis.prefix;
    const api = new SandboxNetwork(new RedisSandboxStore(test.runtime.redis, prefix));
    const publishers = [0, 1].map(() => new SandboxNetwork(new RedisSandboxStore(test.runtime.redis, prefix), { publishAttempts: 1 }));
    await api.armRefusal('ada', 'duplicate');
    expect(await publishers[0]?.armedRefusal('ada')).toBe('duplicate');
    const outcomes = await Promise.allSettled(publishers.map((network, i) => network.publishPost(ada, { commentary: `race ${i}`, reference: `race-${i}` })));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('a deleted sandbox state (a Redis flush) disarms it', async () => {
    const prefix = test.runtime.config.redis.prefix;
    const network = new SandboxNetwork(new RedisSandboxStore(test.runtime.redis, prefix));
    await network.armRefusal('bob', 'throttled');
    await test.runtime.redis.del(`{${prefix}:sandbox}:armed`);
    expect(await network.armedRefusal('bob')).toBeUndefined();
    expect((await network.publishPost(bob, { commentary: 'goes out', reference: 'after-flush' })).urn).toBeDefined();
  });
});
