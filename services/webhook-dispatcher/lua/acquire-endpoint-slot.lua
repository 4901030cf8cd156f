-- Takes one of an endpoint's request slots if one is free (createEndpointSlots).
-- KEYS[1]: the endpoint's set of leases, scored by expiry.
-- ARGV: now (ms), the slot limit, the lease's life (ms), the lease token.
-- Expired leases (a dispatcher killed mid-request) are dropped first. Returns 1 when taken, else 0.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[3]), ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return 1
end
return 0
