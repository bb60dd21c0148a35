import net from 'node:net';

/**
 * SSRF guard for requests to addresses that users type (webhook URLs). The address
 * is checked where the socket is opened (`guardedAgent`, guarded-agent.ts): the connector
 * resolves the name itself, checks every address it got, and connects to the one it checked —
 * so a DNS answer that changes between a check and the connection (rebinding) cannot slip
 * through. Numeric spellings
 * (`2130706433`, `0x7f000001`, `017700000001`, `127.1`) never reach this far as names: the
 * WHATWG URL parser turns them into `127.0.0.1`, which is checked like any address.
 */

/** Ranges no webhook may reach unless an operator allows them (RFC 6890 special purpose). */
const SPECIAL_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", unspecified
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // CGNAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local (cloud metadata)
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['::ffff:0:0', 96, 'ipv6'], // IPv4-mapped: refused whatever it maps to
  ['::', 96, 'ipv6'], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96, 'ipv6'], // NAT64
  ['64:ff9b:1::', 48, 'ipv6'], // local NAT64
  ['100::', 64, 'ipv6'], // discard
  ['2001::', 23, 'ipv6'], // IETF protocol assignments (Teredo and others)
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4 (embeds any IPv4 address)
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];

// One list per family: node's BlockList matches an IPv4 address against IPv6 rules through its
// mapped form, so `::ffff:0:0/96` in a shared list would refuse every IPv4 address.
const special = { ipv4: new net.BlockList(), ipv6: new net.BlockList() };
for (const [address, prefix, type] of SPECIAL_RANGES) special[type].addSubnet(address, prefix, type);

export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
  readonly code = 'EREFUSEDADDRESS';
}

/** Parses `WEBHOOK_ALLOWED_CIDRS` entries (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`); throws on a bad one. */
export function parseCidrs(entries: string[]): AddressRanges {
  const lists = { ipv4: new net.BlockList(), ipv6: new net.BlockList() };
  for (const entry of entries) {
    const [address = '', prefixRaw] = entry.split('/');
    const type = net.isIP(address);
    if (!type) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const max = type === 4 ? 32 : 128;
    const prefix = prefixRaw === undefined ? max : Number(prefixRaw);
    if (!/^\d{1,3}$/.test(prefixRaw ?? String(max)) || prefix > max) {
      throw new Error(`"${entry}" has a bad prefix length`);
    }
    lists[type === 4 ? 'ipv4' : 'ipv6'].addSubnet(address, prefix, type === 4 ? 'ipv4' : 'ipv6');
  }
  return { check: (address, type) => lists[type].check(address, type) };
}

/** Address ranges, each family checked only against its own rules. */
export interface AddressRanges {
  check(address: string, type: 'ipv4' | 'ipv6'): boolean;
}

export interface OutboundPolicy {
  /** Operator-allowed ranges (WEBHOOK_ALLOWED_CIDRS): reachable, over http too. */
  allowed: AddressRanges;
  /** Production: plain http only to allowed ranges. */
  httpsOnly: boolean;
  /** Name resolution; tests hand in their own to play DNS rebinding. */
  lookup?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

const typeOf = (address: string) => (net.isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Why `address` may not be reached over `protocol`, or null when it may. */
export function refusalFor(policy: OutboundPolicy, address: string, protocol: string): string | null {
  if (!net.isIP(address)) return `${address} is not an IP address`;
  // IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is refused outright, even when its IPv4 form is allowed.
  if (/^::ffff:/i.test(address)) return `${address} is an IPv4-mapped IPv6 address`;
  if (policy.allowed.check(address, typeOf(address))) return null;
  if (special[typeOf(address)].check(address, typeOf(address))) {
    return `${address} is a loopback, private, link-local or reserved address`;
  }
  if (protocol !== 'https:' && policy.httpsOnly) return 'only https URLs are allowed';
  return null;
}

export const stripBrackets = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** Checks a URL before it is saved: its scheme, and its host when that is an address. */
export function urlRefusal(policy: OutboundPolicy, raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only http(s) URLs are allowed';
  const host = stripBrackets(url.hostname);
  if (net.isIP(host)) return refusalFor(policy, host, url.protocol);
  if (url.protocol !== 'https:' && policy.httpsOnly) {
    // A name may resolve into an allowed range; the connection decides.
    return null;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return refusalFor(policy, '127.0.0.1', url.protocol);
  }
  return null;
}
