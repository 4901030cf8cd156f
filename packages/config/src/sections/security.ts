import Joi from 'joi';
import { defineSection } from './section.js';

/**
 * Development-only key so `npm start` works with nothing set. Production refuses
 * to start without LPS_ENCRYPTION_KEY (see the cross-check in load-config.ts).
 */
export const DEVELOPMENT_ENCRYPTION_KEY = '23fd59cd1beeb1033203a5512ad21b158e88abb10ad8a5390b39a75a426402a5';

const key = Joi.string().pattern(/^(?:[A-Za-z0-9+/]{43}=|[0-9a-fA-F]{64})$/).messages({
  'string.pattern.base': '{{#label}} must be 32 bytes as base64 (44 chars) or hex (64 chars)',
});

export const securitySection = defineSection({
  variables: {
    LPS_ENCRYPTION_KEY: key,
    LPS_ENCRYPTION_KEYS_PREVIOUS: Joi.string().allow(''),
    LPS_ALLOW_PRIVATE_URLS: Joi.boolean().truthy('1').falsy('0').default(false),
    LPS_AUTH_CACHE_TTL: Joi.number().min(0).max(300).default(5),
  },
  build: (env) => ({
    encryptionKey: (env.LPS_ENCRYPTION_KEY as string | undefined) ?? DEVELOPMENT_ENCRYPTION_KEY,
    encryptionKeyIsDevelopmentDefault: env.LPS_ENCRYPTION_KEY === undefined,
    previousEncryptionKeys: String(env.LPS_ENCRYPTION_KEYS_PREVIOUS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    allowPrivateUrls: env.LPS_ALLOW_PRIVATE_URLS as boolean,
    /** How long a live API key is remembered (revocations are also pushed over Redis). */
    authCacheTtlMs: Math.round((env.LPS_AUTH_CACHE_TTL as number) * 1000),
  }),
});
