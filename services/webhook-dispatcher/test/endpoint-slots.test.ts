import { randomUUID } from 'node:crypto';
import { createTestRuntime, type TestRuntime } from '@lps/testing';
import { endpointKeys } from '../src/adapters/endpoint-keys.js';
import { createEndpointSlots, type EndpointSlots } from '../src/adapters/endpoint-slots.js';

// The two bounds of one endpoint, against the real Redis lease set: requests in flight
// (across processes) and attempts sent but not yet recorded (per process, decision 0003).
let test: TestRuntime;
let slots: EndpointSlots;
const endpointId = randomUUID();
const leases = () => test.runtime.redis.zcard(endpointKeys(test.runtime.config.redis.prefix, endpointId).slots);

beforeAll(async () => {
  test = await createTestRuntime({});
  // Waiting is always worth it here, and long enough never to end a test by itself.
  slots = createEndpointSlots(test.runtime.redis, test.runtime.config.redis.prefix, {
    limit: 2,
    unrecordedLimit: 3,
    leaseMs: 15_000,
    renewAfterMs: 2_500,
    expectedWaitMs: 60_000,
    maxWaitMs: 30_000,
  });
});
afterAll(async () => {
  await test.cleanup();
});

it('a freed slot carries the next request, but no more than the allowance of unrecorded attempts is ever sent', async () => {
  const first = await slots.acquire(endpointId);
  const second = await slots.acquire(endpointId);
  expect(first && second).toBeTruthy();
  expect(await leases()).toBe(2);

  // Both requests answered, neither recorded: the slots are free and one more attempt fits.
  first!.requestAnswered();
  second!.requestAnswered();
  const third = await slots.acquire(endpointId);
  expect(third).toBeTruthy();

  // Three unrecorded: a fourth waits although a slot is free in Redis.
  let fourthGranted = false;
  const fourth = slots.acquire(endpointId).then((slot) => {
    fourthGranted = true;
    return slot;
  });
  expect(await leases()).toBe(1);
  expect(fourthGranted).toBe(false);

  // A record written makes room: the waiting attempt gets its slot.
  await first!.attemptRecorded();
  const granted = await fourth;
  expect(granted).toBeTruthy();
  expect(await leases()).toBe(2);

  for (const slot of [second, third, granted]) await slot!.attemptRecorded();
});
