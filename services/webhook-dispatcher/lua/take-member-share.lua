-- Takes a delivery slot for a member if the fleet's rule allows it (createMemberShares).
-- All keys carry the tag {<prefix>:member-shares}: one cluster slot.
-- KEYS[1]: the member's leases, KEYS[2]: every member's leases, KEYS[3]: the dispatchers
-- delivering now ("<id>|<concurrency>", scored by when that stops being true).
-- ARGV: now (ms), the lease token, the lease's life (ms), this dispatcher's entry.
-- Capacity is the sum of the live dispatchers' concurrency, a share a quarter of it (at least 1):
-- a member always gets a share, and more only while a share stays free for the others.
-- Returns 1 when taken, else 0.
local now = tonumber(ARGV[1])
local life = tonumber(ARGV[3])
redis.call('ZADD', KEYS[3], now + life, ARGV[4])
redis.call('PEXPIRE', KEYS[3], life)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local capacity = 0
for _, entry in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
  capacity = capacity + tonumber(string.match(entry, '|(%d+)$'))
end
local share = math.max(1, math.floor(capacity / 4))
local running = redis.call('ZCARD', KEYS[1])
local total = redis.call('ZCARD', KEYS[2])
if running < share or total < capacity - share then
  redis.call('ZADD', KEYS[1], now + life, ARGV[2])
  redis.call('ZADD', KEYS[2], now + life, ARGV[2])
  redis.call('PEXPIRE', KEYS[1], life)
  redis.call('PEXPIRE', KEYS[2], life)
  return 1
end
return 0
