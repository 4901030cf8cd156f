-- A lease handed over to the next request gets a new life, and so does its set.
-- KEYS[1]: the endpoint's set of leases. ARGV: the new expiry (ms), the lease token, the set's life (ms).
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
