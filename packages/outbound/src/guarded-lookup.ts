import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy.js';
import { PrivateAddressError } from './resolve-public.js';

/**
 * A `lookup` for sockets that refuses private addresses at connect time: the
 * address checked is the address connected to, so a DNS answer that changes
 * between a check and the connection (rebinding) cannot slip through.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  const lookupOptions: LookupOptions = { ...options, all: true };
  dns.lookup(hostname, lookupOptions, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const list = addresses as unknown as LookupAddress[];
    const blocked = list.find((entry) => !isPublicAddress(entry.address));
    if (blocked || list.length === 0) {
      const refusal = Object.assign(new PrivateAddressError(hostname, blocked?.address ?? 'nothing'), { code: 'EPRIVATEADDRESS' });
      callback(refusal, '', 0);
      return;
    }
    if (options.all) callback(null, list, 0);
    else callback(null, (list[0] as LookupAddress).address, (list[0] as LookupAddress).family);
  });
};
