import net from 'node:net';

/** Address classes a server-side fetch must never reach (FIELD-NOTES: SSRF). */
export type AddressClass = 'public' | 'unspecified' | 'loopback' | 'private' | 'cgnat' | 'link-local' | 'multicast' | 'reserved' | 'invalid';

const V4_RANGES: [string, number, AddressClass][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const v4ToInt = (ip: string) => ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;

function classifyV4(ip: string): AddressClass {
  const value = v4ToInt(ip);
  for (const [base, bits, kind] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === (v4ToInt(base) & mask) >>> 0) return kind;
  }
  return 'public';
}

/** Expands an IPv6 address (with an optional embedded IPv4 tail) to its 8 groups. */
export function ipv6Groups(ip: string): number[] | null {
  let address = ip
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (v4) {
    if (net.isIPv4(v4[1]!) === false) return null;
    const n = v4ToInt(v4[1]!);
    address = address.slice(0, -v4[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return groups.some(Number.isNaN) ? null : groups;
}

const groupsToV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

function classifyV6(ip: string): AddressClass {
  const g = ipv6Groups(ip);
  if (!g) return 'invalid';
  const zeroPrefix = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (g.every((x) => x === 0)) return 'unspecified';
  if (zeroPrefix(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (zeroPrefix(5) && g[5] === 0xffff) return classifyV4(groupsToV4(g[6]!, g[7]!));
  if (zeroPrefix(4) && g[4] === 0xffff && g[5] === 0) return classifyV4(groupsToV4(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return classifyV4(groupsToV4(g[6]!, g[7]!));
  if (zeroPrefix(6)) return 'reserved'; // deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x2002) return classifyV4(groupsToV4(g[1]!, g[2]!)); // 6to4 embeds an IPv4 address
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'reserved'; // documentation
  if (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) return 'reserved'; // discard-only 100::/64
  return 'public';
}

export function classifyAddress(ip: string): AddressClass {
  if (net.isIPv4(ip)) return classifyV4(ip);
  if (net.isIPv6(ip.replace(/^\[|\]$/g, ''))) return classifyV6(ip);
  return 'invalid';
}

export const isPublicAddress = (ip: string) => classifyAddress(ip) === 'public';
