export { Keyring } from './keyring.js';
export { generateApiKey, hashApiKey, digestsEqual, API_KEY_PATTERN } from './api-keys.js';
export { signToken, verifyToken } from './signing.js';
