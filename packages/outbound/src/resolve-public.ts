import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { isPublicAddress } from './address-policy.js';

export class PrivateAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = 'PrivateAddressError';
  }
}

export class UnresolvableHostError extends Error {
  constructor(
    readonly host: string,
    cause: unknown,
  ) {
    super(`${host} cannot be resolved`, { cause });
    this.name = 'UnresolvableHostError';
  }
}

/**
 * Resolves a host and returns its addresses when every one of them is public.
 * All of them are checked: a name with one public and one private record could
 * otherwise be steered to the private one at connect time.
 */
export async function resolvePublicAddresses(host: string, allowPrivate: boolean): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(bare)) {
    addresses = [bare];
  } else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch (error) {
      throw new UnresolvableHostError(bare, error);
    }
  }
  if (!allowPrivate) {
    const blocked = addresses.find((address) => !isPublicAddress(address));
    if (blocked) throw new PrivateAddressError(bare, blocked);
  }
  return addresses;
}
