import { randomUUID } from 'node:crypto';
import { createTestRuntime, type TestRuntime } from '@lps/testing';
import { createEndpointPauses } from '../src/adapters/endpoint-pauses.js';
import { PAUSE_MS, TIMEOUTS_BEFORE_PAUSE } from '../src/domain/delivery/pause-policy.js';
import { createEndpointSlots } from '../src/adapters/endpoint-slots.js';
import { createMemberShares } from '../src/adapters/member-shares.js';

// What two dispatcher processes share through Redis, each side built as its process
// builds it (its own in-memory state, the same Redis prefix): a member's share of the
// fleet and an endpoint's pause. Kept per process, as before decision 0020, the second
// dispatcher knew nothing of the first's.
let test: TestRuntime;
beforeAll(async () => {
  test = await createTestRuntime({});
});
afterAll(async () => test.cleanup());

const prefix = () => test.runtime.config.redis.prefix;

describe('member shares across dispatchers', () => {
  it('counts a member in the whole fleet: two dispatchers of 4 slots let a hogging member take 6 of 8, and keep a share of 2 for the others', async () => {
    const one = createMemberShares(test.runtime.redis, prefix(), { concurrency: 4, leaseMs: 15_000, dispatcherId: 'one' });
    const two = createMemberShares(test.runtime.redis, prefix(), { concurrency: 4, leaseMs: 15_000, dispatcherId: 'two' });
    // Both dispatchers are delivering (a take registers one in the fleet's capacity).
    (await one.take('warm-up'))?.();
    (await two.take('warm-up'))?.();
    const hog = randomUUID();
    const held = [];
    for (const dispatcher of [one, two, one, two, one, two]) held.push(await dispatcher.take(hog));
    expect(held.every(Boolean)).toBe(true);
    // 6 of the fleet's 8 are the hog's: neither dispatcher gives it a seventh (alone, each would have: it holds only 3 of its own 4).
    expect([await one.take(hog), await two.take(hog)]).toEqual([undefined, undefined]);
    // Another member still gets its share (2), on either dispatcher, and no more while the hog holds 6.
    const other = randomUUID();
    const others = [await two.take(other), await one.take(other)];
    expect(others.every(Boolean)).toBe(true);
    expect(await one.take(other)).toBeUndefined();
    // A slot the hog gives back on one dispatcher is free on the other.
    held[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await two.take(randomUUID())).toBeDefined();
  });

  it('a killed dispatcher stops counting: its leases and its capacity expire', async () => {
    const gone = createMemberShares(test.runtime.redis, prefix(), { concurrency: 4, leaseMs: 300, dispatcherId: 'gone' });
    const member = randomUUID();
    for (let i = 0; i < 4; i += 1) await gone.take(member);
    const survivor = createMemberShares(test.runtime.redis, prefix(), { concurrency: 4, leaseMs: 15_000, dispatcherId: 'survivor' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The survivor alone: capacity 4, share 1; the member's expired leases no longer count.
    expect(await survivor.take(member)).toBeDefined();
  });
});

/** Dispatcher one's pauses, and dispatcher two's pauses and slots wired as its process wires them, for a new endpoint. */
function twoDispatchers() {
  const pausesOne = createEndpointPauses(test.runtime.redis, prefix());
  const pausesTwo = createEndpointPauses(test.runtime.redis, prefix());
  const slotsOfTwo = createEndpointSlots(test.runtime.redis, prefix(), {
    limit: 2,
    unrecordedLimit: 4,
    leaseMs: 15_000,
    renewAfterMs: 2_500,
    expectedWaitMs: 0,
    maxWaitMs: 0,
    onPauseSeen: (id, until, timeouts) => pausesTwo.learn(id, until, timeouts),
  });
  return { endpointId: randomUUID(), pausesOne, pausesTwo, slotsOfTwo };
}

describe('endpoint pauses across dispatchers', () => {
  it('five time-outs in a row seen by two dispatchers pause the endpoint for both; the other learns it from its next acquire', async () => {
    const { endpointId, pausesOne, pausesTwo, slotsOfTwo } = twoDispatchers();
    const started: Array<number | undefined> = [];
    for (let i = 0; i < TIMEOUTS_BEFORE_PAUSE; i += 1) started.push(await (i % 2 === 0 ? pausesOne : pausesTwo).record(endpointId, true));
    // The fifth time-out in a row (on dispatcher one) starts the pause; the first four did not.
    expect(started.slice(0, -1)).toEqual([undefined, undefined, undefined, undefined]);
    const until = started.at(-1) as number;
    expect(until - Date.now()).toBeGreaterThan(PAUSE_MS - 5_000);
    // Dispatcher two asks for a slot: refused, and from then on it knows the pause without asking.
    expect(await slotsOfTwo.acquire(endpointId)).toBeNull();
    expect(pausesTwo.pausedUntil(endpointId)).toBe(until);
  });

  it('any answer ends the streak for every dispatcher', async () => {
    const { endpointId, pausesOne, pausesTwo, slotsOfTwo } = twoDispatchers();
    for (let i = 0; i < TIMEOUTS_BEFORE_PAUSE - 1; i += 1) await pausesOne.record(endpointId, true);
    // Dispatcher two gets an answer (it learnt of the streak at its acquire): the streak ends in Redis.
    const slot = await slotsOfTwo.acquire(endpointId);
    expect(slot).not.toBeNull();
    await pausesTwo.record(endpointId, false);
    await slot?.attemptRecorded();
    // So dispatcher one's next time-out is the first of a new streak, not the fifth.
    expect(await pausesOne.record(endpointId, true)).toBeUndefined();
  });
});
