-- Gives a member's slot back (createMemberShares). KEYS[1]: the member's leases, KEYS[2]: every
-- member's leases (one hash tag). ARGV[1]: the lease token.
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
