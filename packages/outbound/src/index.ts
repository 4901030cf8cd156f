export { isPublicAddress } from './address-policy.js';
export { resolvePublicAddresses, PrivateAddressError, UnresolvableHostError } from './resolve-public.js';
export { publicOnlyLookup } from './guarded-lookup.js';
export { createGuardedClient, isPrivateAddressRefusal, type GuardedClientOptions } from './guarded-client.js';
export { createGuardedPost, RequestTimeoutError, type GuardedPost, type GuardedPostOptions, type PostAnswer } from './guarded-post.js';
