import Joi from 'joi';
import { developmentKey } from '../development-key.js';
import { durationMs } from '../duration.js';
import { defineSection } from './section.js';

/**
 * The key earlier development installs used (it was in the repository). It is
 * never used to encrypt any more; a development install keeps it as a previous
 * key, so secrets it stored still decrypt and are re-encrypted on their next write.
 */
export const FORMER_DEVELOPMENT_ENCRYPTION_KEY = '23fd59cd1beeb1033203a5512ad21b158e88abb10ad8a5390b39a75a426402a5';

const key = Joi.string()
  .pattern(/^(?:[A-Za-z0-9+/]{43}=|[0-9a-fA-F]{64})$/)
  .messages({
    'string.pattern.base': '{{#label}} must be 32 bytes as base64 (44 chars) or hex (64 chars)',
  });

export const securitySection = defineSection({
  variables: {
    LPS_ENCRYPTION_KEY: key,
    LPS_ENCRYPTION_KEYS_PREVIOUS: Joi.string().allow(''),
    LPS_ALLOW_PRIVATE_URLS: Joi.boolean().truthy('1').falsy('0').default(false),
    // A lost revocation message keeps a revoked key usable for up to this long: 30 s at most.
    LPS_AUTH_CACHE_TTL: durationMs('5s', { max: '30s' }),
  },
  build: (env) => {
    const given = env.LPS_ENCRYPTION_KEY as string | undefined;
    // Production without a key is refused in load-config.ts; nothing is generated for it.
    const generated = given === undefined && env.NODE_ENV !== 'production';
    const previous = (typeof env.LPS_ENCRYPTION_KEYS_PREVIOUS === 'string' ? env.LPS_ENCRYPTION_KEYS_PREVIOUS : '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    return {
      encryptionKey: given ?? (generated ? developmentKey(env.LPS_DATA_DIR as string) : ''),
      /** No LPS_ENCRYPTION_KEY: a development key generated into the data directory is in use. */
      encryptionKeyIsDevelopmentDefault: given === undefined,
      previousEncryptionKeys: generated ? [...previous, FORMER_DEVELOPMENT_ENCRYPTION_KEY] : previous,
      allowPrivateUrls: env.LPS_ALLOW_PRIVATE_URLS as boolean,
      /** How long a live API key is remembered (revocations are also pushed over Redis). */
      authCacheTtlMs: env.LPS_AUTH_CACHE_TTL as number,
    };
  },
});
