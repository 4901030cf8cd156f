import { luaCommand } from '@lps/common';
import type { RedisClient } from '@lps/queue';
import { dispatcherScript, endpointKeys } from './endpoint-keys.js';
import { PAUSE_MS, STREAK_MEMORY_MS, TIMEOUTS_BEFORE_PAUSE } from '../domain/delivery/pause-policy.js';
import type { EndpointPauses } from '../domain/delivery/delivery-ports.js';

const REMEMBERED = 50_000;

/**
 * Endpoints whose receiver keeps not answering are paused: after
 * TIMEOUTS_BEFORE_PAUSE time-outs in a row — counted across every dispatcher,
 * in Redis — no dispatcher sends anything to the endpoint for PAUSE_MS: its jobs
 * wait for the pause to end instead of each holding a slot for the whole
 * time-out. Any answer (even an error status) ends the streak.
 *
 * A dispatcher learns of a pause another one started when it next asks Redis for
 * one of the endpoint's slots (the acquire script reads the pause first, see
 * endpoint-slots.ts) and remembers it here, so the jobs that follow are postponed
 * without a Redis call. Slots handed from one of this process's requests to the
 * next skip Redis, but only an endpoint that answers fast hands slots over, and a
 * paused one does not.
 */
export function createEndpointPauses(redis: RedisClient, prefix: string, now: () => number = Date.now): EndpointPauses {
  /** Endpoints with a streak or a pause in Redis, as last seen here: an answer from one of them must end the streak there. */
  const known = new Map<string, { until: number }>();
  const recordTimeout = luaCommand(redis, 'lpsRecordEndpointTimeout', dispatcherScript('record-endpoint-timeout'), 1);
  const remember = (endpointId: string, until: number) => {
    if (known.size >= REMEMBERED && !known.has(endpointId)) known.clear();
    known.set(endpointId, { until });
  };
  return {
    pausedUntil(endpointId) {
      const until = known.get(endpointId)?.until;
      return until !== undefined && until > now() ? until : undefined;
    },
    learn(endpointId, pausedUntil, timeouts) {
      if (pausedUntil > 0 || timeouts > 0) remember(endpointId, pausedUntil);
      else known.delete(endpointId);
    },
    async record(endpointId, timedOut) {
      const { pause } = endpointKeys(prefix, endpointId);
      if (!timedOut) {
        // Most answers come from endpoints with no streak: those cost no Redis call.
        if (known.delete(endpointId)) await redis.del(pause);
        return undefined;
      }
      const until = Number(await recordTimeout(pause, now(), TIMEOUTS_BEFORE_PAUSE, PAUSE_MS, STREAK_MEMORY_MS));
      remember(endpointId, until);
      return until > 0 ? until : undefined;
    },
  };
}
