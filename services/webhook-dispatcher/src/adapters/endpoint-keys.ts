import { taggedKey } from '@lps/common';

/**
 * An endpoint's keys in Redis, shared by every dispatcher: its slot leases and its pause.
 * One hash tag per endpoint puts both in one cluster slot (the acquire script reads the
 * pause and takes a lease in one call) and spreads endpoints over the cluster's nodes.
 */
export const endpointKeys = (prefix: string, endpointId: string) => ({
  slots: taggedKey(prefix, `endpoint:${endpointId}`, 'slots'),
  pause: taggedKey(prefix, `endpoint:${endpointId}`, 'pause'),
});

/** Where a script of this service lives (`lua/<name>.lua`, read once per client). */
export const dispatcherScript = (name: string): URL => new URL(`../../lua/${name}.lua`, import.meta.url);
