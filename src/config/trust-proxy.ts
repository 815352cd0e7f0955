import { isIP } from 'node:net';

/** proxy-addr's named ranges, which Fastify's `trustProxy` also accepts. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4; // a netmask: 10.0.0.0/255.0.0.0
}

/**
 * TRUST_PROXY: unset trusts no proxy, so `request.ip` is the socket's address and a client's own X-Forwarded-For is
 * ignored. Otherwise a comma-separated list of the proxies' addresses, CIDRs or proxy-addr's named ranges
 * (`loopback`, `linklocal`, `uniquelocal`): X-Forwarded-For is believed only from those. `true` and hop counts are
 * refused: `true` believes any client, and Fastify 5.12 trusts nothing for a hop count (it cannot tell a proxy from a
 * client that sends enough hops). Returns the value for Fastify's `trustProxy`, or why it is refused.
 */
export function parseTrustProxy(value: string | undefined): false | string[] | string {
  if (value === undefined || value.trim() === '' || value.trim() === 'false') return false;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.includes('true')) return "TRUST_PROXY=true would believe any client's X-Forwarded-For: give the proxy's addresses or CIDRs";
  if (entries.every((entry) => /^\d+$/.test(entry)))
    return "TRUST_PROXY takes the proxy's addresses or CIDRs, not a hop count (Fastify 5.12 trusts nothing for a hop count)";
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) return `TRUST_PROXY: not an address, CIDR or range: ${wrong.join(', ')}`;
  return entries;
}
