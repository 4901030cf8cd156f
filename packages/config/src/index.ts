export { loadConfig, loadRedisSettings, ConfigError, configVariables, type Config } from './load-config.js';
export { DEFAULT_DATABASE_URL } from './sections/core.js';
export { DEFAULT_REDIS_URL, type RedisNode, type RedisSettings } from './sections/redis.js';
export { developmentKeyPath } from './development-key.js';
export { DEFAULT_PUBLISH_CONCURRENCY } from './sections/network.js';
export type { RateLimitRule } from './sections/rate-limits.js';
export { scopeList } from './scope-list.js';
export { matchReturnUrl, parseAllowedReturnUrl, parseReturnUrl, RETURN_URL_MAX_LENGTH, type AllowedReturnUrl } from './return-urls.js';
