-- SandboxStore.publish in one round trip (RedisSandboxStore.publish): the
-- publisher's every post crosses here. Mirrors MemorySandboxStore.publish and
-- failureStrikesAfterStoring.
-- KEYS: failures, sequence, posts, references, armed refusals (by member),
--       the lasting refusal of this publication's reference.
-- ARGV: the draft as JSON, its reference, the member's id, and how many more
--       attempts each refusal kind lasts after the first, as JSON.
-- Returns { stored post JSON or '', taken failure JSON or '', refusal kind or '' }.
local taken = ''
for _, stored in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  local failure = cjson.decode(stored)
  if failure.operation == 'publish' or failure.operation == 'any' then
    redis.call('LREM', KEYS[1], 1, stored)
    taken = stored
    break
  end
end
if taken ~= '' and cjson.decode(taken).kind ~= 'timeout-after-publish' then return { '', taken, '' } end
if taken == '' then
  -- A lasting refusal (429, 500) meets every attempt of the publication that consumed it.
  local lasting = redis.call('GET', KEYS[6])
  if lasting then
    local entry = cjson.decode(lasting)
    if entry.remaining <= 1 then
      redis.call('DEL', KEYS[6])
    else
      entry.remaining = entry.remaining - 1
      redis.call('SET', KEYS[6], cjson.encode(entry), 'KEEPTTL')
    end
    return { '', '', entry.kind }
  end
  -- The refusal the member armed: their next publication consumes it, once.
  local armed = redis.call('HGET', KEYS[5], ARGV[3])
  if armed then
    redis.call('HDEL', KEYS[5], ARGV[3])
    local remaining = tonumber(cjson.decode(ARGV[4])[armed] or 0)
    -- Six hours outlast any retry schedule; a publication abandoned half-way stops being refused then.
    if remaining > 0 then redis.call('SET', KEYS[6], cjson.encode({ kind = armed, remaining = remaining }), 'EX', 21600) end
    return { '', '', armed }
  end
end
local urn = 'urn:li:share:' .. redis.call('INCR', KEYS[2])
local post = '{"urn":' .. cjson.encode(urn) .. ',"deletedAt":null,' .. string.sub(ARGV[1], 2)
redis.call('HSET', KEYS[3], urn, post)
redis.call('HSET', KEYS[4], ARGV[2], urn)
return { post, taken, '' }
