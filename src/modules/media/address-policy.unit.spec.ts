import { describe, expect, it } from 'vitest';
import { classifyAddress, ipv6Groups, isPublicAddress } from './address-policy.js';

describe('ipv6Groups', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0]],
    ['[FE80::1%eth0]', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['1:2:3::6:7:8', [1, 2, 3, 0, 0, 6, 7, 8]],
    ['1:2:3:4:5:6::8', [1, 2, 3, 4, 5, 6, 0, 8]],
    ['::ffff:10.1.2.3', [0, 0, 0, 0, 0, 0xffff, 0x0a01, 0x0203]],
    ['1:2:3:4:5:6:10.0.0.1', [1, 2, 3, 4, 5, 6, 0x0a00, 1]],
  ])('%s -> %j', (ip, groups) => expect(ipv6Groups(ip)).toEqual(groups));

  it.each([
    '1::2::3',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4::5:6:7:8',
    '1:2:3:4:5:6:7::8',
    'g::1',
    '12345::1',
    '::ffff:999.1.1.1',
    ':1:2:3:4:5:6:7',
    'x1::',
    '1::x',
    'a[::1]', // a bracket is taken off only where it opens or closes the address
    '[::]1',
  ])('%s is not an address', (ip) => expect(ipv6Groups(ip)).toBeNull());
});

describe('classifyAddress: every range, and the first address outside it', () => {
  it.each([
    ['0.255.255.255', 'unspecified'],
    ['1.0.0.0', 'public'],
    ['9.255.255.255', 'public'],
    ['10.255.255.255', 'private'],
    ['100.63.255.255', 'public'],
    ['100.64.0.0', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.0', 'public'],
    ['126.255.255.255', 'public'],
    ['128.0.0.0', 'public'],
    ['169.253.255.255', 'public'],
    ['169.255.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.31.255.255', 'private'],
    ['192.0.0.1', 'reserved'],
    ['192.0.1.0', 'public'],
    ['192.0.2.255', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['192.88.100.1', 'public'],
    ['192.167.255.255', 'public'],
    ['192.169.0.0', 'public'],
    ['198.17.255.255', 'public'],
    ['198.18.0.0', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.20.0.0', 'public'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['203.0.114.0', 'public'],
    ['223.255.255.255', 'public'],
    ['224.0.0.0', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.0', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('%s is %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));

  it.each([
    ['[::1]', 'loopback'],
    ['::2', 'reserved'], // IPv4-compatible ::0.0.0.2
    ['::1:0', 'reserved'],
    ['0:0:0:0:0:1:0:1', 'public'], // neither mapped nor compatible
    ['::ffff:8.8.8.8', 'public'],
    ['::ffff:a00:1', 'private'],
    ['0:0:0:0:1:ffff:7f00:1', 'public'], // a 1 before the ffff: not IPv4-mapped
    ['::ffff:0:a00:1', 'private'], // IPv4-translated
    ['::ffff:1:a00:1', 'public'],
    ['::ffff:0:808:808', 'public'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b:1::a00:1', 'public'], // not the well-known NAT64 prefix
    ['64:ff9a::a00:1', 'public'],
    ['65:ff9b::a00:1', 'public'],
    ['2002:808:808::1', 'public'],
    ['2002:c0a8:101::1', 'private'],
    ['fc00::1', 'private'],
    ['fbff::1', 'public'],
    ['fe7f::1', 'public'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private'],
    ['feff::1', 'private'],
    ['ff02::1', 'multicast'],
    ['ff00::', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:db9::1', 'public'],
    ['2002:db8::1', 'public'], // 6to4 of 13.184.0.0, public
    ['3001:db8::1', 'public'],
    ['100::1', 'reserved'],
    ['100::1:0:0:1', 'reserved'], // 100:0:0:0:1:0:0:1, inside 100::/64
    ['100:0:0:1::1', 'public'], // outside 100::/64
    ['101::1', 'public'],
    ['1::1', 'public'],
    ['[2607:f8b0::1]', 'public'],
    ['[not-an-ip]', 'invalid'],
    ['2607:f8b0::1%', 'invalid'], // an empty zone: not an address, so never public
    ['::ffff:8.8.8.8%', 'invalid'],
    ['1.2.3', 'invalid'],
  ])('%s is %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));

  it('isPublicAddress is true for public only', () => {
    expect([isPublicAddress('8.8.8.8'), isPublicAddress('10.0.0.1'), isPublicAddress('x'), isPublicAddress('2001:db8::1')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
