export { Keyring } from './keyring.js';
export { generateApiKey, hashApiKey, API_KEY_PATTERN } from './api-keys.js';
export { signToken, verifyToken } from './signing.js';
export { newOpaqueToken, hashOpaqueToken, OPAQUE_TOKEN_PATTERN } from './opaque-tokens.js';
