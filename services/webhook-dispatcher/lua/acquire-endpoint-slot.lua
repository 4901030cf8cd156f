-- Takes one of an endpoint's request slots if one is free and the endpoint is not paused
-- (createEndpointSlots). Both keys carry the endpoint's hash tag, so they share a cluster slot.
-- KEYS[1]: the endpoint's set of leases, scored by expiry. KEYS[2]: its pause (hash: timeouts, until).
-- ARGV: now (ms), the slot limit, the lease's life (ms), the lease token.
-- Expired leases (a dispatcher killed mid-request) are dropped first.
-- Returns { 1 when taken else 0, the pause's end (ms, 0 when not paused), time-outs in a row so far }.
local pause = redis.call('HMGET', KEYS[2], 'until', 'timeouts')
local paused_until = tonumber(pause[1]) or 0
local timeouts = tonumber(pause[2]) or 0
if paused_until > tonumber(ARGV[1]) then return { 0, paused_until, timeouts } end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[3]), ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return { 1, 0, timeouts }
end
return { 0, 0, timeouts }
