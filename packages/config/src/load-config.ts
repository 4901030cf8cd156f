import Joi from 'joi';
import { sections } from './sections/index.js';
import { redisProblems, type RedisSettings } from './sections/redis.js';
import type { ConfigSection } from './sections/section.js';
import type { AllowedReturnUrl } from './return-urls.js';

type Sections = typeof sections;
type Built<S> = S extends ConfigSection<infer T> ? T : never;
type CoreConfig = Built<Sections['core']>;

/** The whole validated configuration: the core fields at the top, one object per other section. */
export type Config = CoreConfig & { [K in Exclude<keyof Sections, 'core'>]: Built<Sections[K]> };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const envSchema = Joi.object(Object.values(sections).reduce<Record<string, Joi.Schema>>((all, section) => ({ ...all, ...section.variables }), {})).unknown(true);

/**
 * Parses and validates the environment once. Fails fast naming every bad variable,
 * so a typo stops the process at start rather than at the first request.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  // Validated and converted, each variable's type is its section's to read.
  const checked: Joi.ValidationResult<Record<string, unknown>> = envSchema.validate(cleaned, { abortEarly: false, convert: true });
  if (checked.error) {
    const problems = checked.error.details.map((detail) => detail.message.replace(/"/g, '')).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const { value } = checked;
  const { core, ...others } = sections;
  const config = {
    ...core.build(value),
    ...Object.fromEntries(Object.entries(others).map(([name, section]) => [name, section.build(value)])),
  } as Config;
  if (config.network.mode === 'sandbox' && config.network.connect.returnUrls.length === 0) config.network.connect.returnUrls = sandboxReturnUrls(config.http.publicBaseUrl);
  const redis = redisProblems(config.redis, value.REDIS_TLS_CA_FILE !== undefined);
  if (redis.length > 0) throw new ConfigError(`invalid configuration: ${redis.join('; ')}`);
  if (config.nodeEnv === 'production' && config.security.encryptionKeyIsDevelopmentDefault) {
    throw new ConfigError('invalid configuration: LPS_ENCRYPTION_KEY is required when NODE_ENV=production');
  }
  return config;
}

/**
 * The sandbox's self-service connection works with nothing set (decision 0028): without
 * LPS_CONNECT_RETURN_URLS a member's link may send the browser back to any page of this
 * service's own origin (PUBLIC_BASE_URL). Nothing leaves the service, so it opens no
 * redirect to anyone else; with LinkedIn the list stays the operator's to write.
 */
function sandboxReturnUrls(publicBaseUrl: string): AllowedReturnUrl[] {
  return [{ origin: new URL(publicBaseUrl).origin, path: '/' }];
}

/** Every environment variable the service reads (docs/configuration.md documents each; a test checks it). */
export const configVariables = (): string[] =>
  Object.values(sections)
    .flatMap((section) => Object.keys(section.variables))
    .sort();

/** Only the Redis settings, from the same variables and rules (benchmarks and tools that need nothing else). */
export function loadRedisSettings(env: NodeJS.ProcessEnv = process.env): RedisSettings {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const checked: Joi.ValidationResult<Record<string, unknown>> = Joi.object(sections.redis.variables).unknown(true).validate(cleaned, { abortEarly: false, convert: true });
  if (checked.error) throw new ConfigError(`invalid configuration: ${checked.error.details.map((detail) => detail.message.replace(/"/g, '')).join('; ')}`);
  const { value } = checked;
  const settings = sections.redis.build(value);
  const problems = redisProblems(settings, value.REDIS_TLS_CA_FILE !== undefined);
  if (problems.length > 0) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  return settings;
}
