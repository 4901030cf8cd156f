-- SandboxStore.publish in one round trip (RedisSandboxStore.publish): the
-- publisher's every post crosses here. Mirrors MemorySandboxStore.publish and
-- failureStrikesAfterStoring.
-- KEYS: failures, sequence, posts, references. ARGV: the draft as JSON, its reference.
-- Returns { stored post JSON or '', taken failure JSON or '' }.
local taken = ''
for _, stored in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  local failure = cjson.decode(stored)
  if failure.operation == 'publish' or failure.operation == 'any' then
    redis.call('LREM', KEYS[1], 1, stored)
    taken = stored
    break
  end
end
if taken ~= '' and cjson.decode(taken).kind ~= 'timeout-after-publish' then return { '', taken } end
local urn = 'urn:li:share:' .. redis.call('INCR', KEYS[2])
local post = '{"urn":' .. cjson.encode(urn) .. ',"deletedAt":null,' .. string.sub(ARGV[1], 2)
redis.call('HSET', KEYS[3], urn, post)
redis.call('HSET', KEYS[4], ARGV[2], urn)
return { post, taken }
