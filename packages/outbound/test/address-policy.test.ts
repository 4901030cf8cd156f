import { isPublicAddress, resolvePublicAddresses, PrivateAddressError } from '@lps/outbound';

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.5.4', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex form'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata, hex form'],
    ['::808:808', 'IPv4-compatible form of a public address (deprecated: refused outright)'],
    ['::127.0.0.1', 'IPv4-compatible loopback, dotted form'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['2002:7f00:1::', '6to4 embedding 127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 embedding 169.254.169.254'],
    ['2001:0::1', 'Teredo'],
    ['not-an-ip', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34'])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('resolvePublicAddresses (the check at creation)', () => {
  it('refuses a hostname that resolves to loopback', async () => {
    await expect(resolvePublicAddresses('localhost', false)).rejects.toBeInstanceOf(PrivateAddressError);
  });

  it.each(['127.0.0.1', '[::1]', '10.0.0.1', '169.254.169.254', '::ffff:127.0.0.1'])('refuses the literal %s', async (host) => {
    await expect(resolvePublicAddresses(host, false)).rejects.toBeInstanceOf(PrivateAddressError);
  });

  it('lets private addresses through when LPS_ALLOW_PRIVATE_URLS is set', async () => {
    await expect(resolvePublicAddresses('127.0.0.1', true)).resolves.toEqual(['127.0.0.1']);
  });
});
