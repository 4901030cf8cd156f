import ipaddr from 'ipaddr.js';

/**
 * Whether an address is reachable on the public internet. Only plain global
 * unicast passes: loopback, private, link-local (cloud metadata 169.254.169.254),
 * CGNAT, unique-local, multicast, reserved and every IPv6 form that embeds an
 * IPv4 address (mapped, 6to4, Teredo, NAT64) are refused — the embedded form is
 * checked as the IPv4 address it carries. The deprecated IPv4-compatible form
 * (`::a.b.c.d`, `::7f00:1`, RFC 4291 §2.5.5.1) is refused outright: nothing
 * legitimate uses it, and a stack that still honours it reaches the IPv4 host.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false;
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}
