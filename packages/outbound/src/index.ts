export { isPublicAddress } from './address-policy.js';
export { resolvePublicAddresses, PrivateAddressError, UnresolvableHostError } from './resolve-public.js';
export { publicOnlyLookup } from './guarded-lookup.js';
export { createGuardedClient, isPrivateAddressRefusal, type GuardedClientOptions } from './guarded-client.js';
export { createGuardedRequestSender, RequestTimeoutError, type GuardedRequestSender, type GuardedRequestSenderOptions, type SenderAnswer } from './guarded-request-sender.js';
