-- One more time-out in a row for an endpoint, counted across every dispatcher (createEndpointPauses).
-- KEYS[1]: the endpoint's pause (hash: timeouts, until).
-- ARGV: now (ms), time-outs in a row that pause it, the pause (ms), how long a streak is remembered (ms).
-- From the threshold on, each time-out (re)starts the pause. Returns the pause's end (ms), or 0.
local timeouts = redis.call('HINCRBY', KEYS[1], 'timeouts', 1)
local paused_until = 0
if timeouts >= tonumber(ARGV[2]) then
  paused_until = tonumber(ARGV[1]) + tonumber(ARGV[3])
  redis.call('HSET', KEYS[1], 'until', paused_until)
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return paused_until
