import { BlockList, isIP, isIPv4 } from 'node:net';

// Who the client is (issue 14, finding 3; decision 0080). Only the proxies named in TRUST_PROXY may
// say it through X-Forwarded-For; an IPv6 client is one /64, since a home or a phone gets a whole /64
// and can change the low bits at will.

/** TRUST_PROXY names its proxies: addresses, CIDR ranges, or `loopback` (127.0.0.0/8 and ::1). */
export type TrustedProxies = readonly string[];

export const LOOPBACK_RANGES = ['127.0.0.0/8', '::1/128'] as const;

/** "10.0.0.0/8, 192.0.2.7, loopback" -> the entries, or a sentence naming what is wrong. */
export function parseTrustedProxies(text: string): { ok: true; proxies: TrustedProxies | false } | { ok: false; message: string } {
  const value = text.trim().toLowerCase();
  if (['false', '0', 'no', 'off', 'none'].includes(value)) return { ok: true, proxies: false };
  if (['true', '1', 'yes', 'on', '*'].includes(value)) {
    return {
      ok: false,
      message:
        'must list the proxies to trust, not "true": trusting every hop lets any client choose its own address and lift every per-client limit. ' +
        'Give addresses or CIDR ranges (e.g. 127.0.0.1 or 10.0.0.0/8,loopback), or false',
    };
  }
  const proxies: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    if (entry === 'loopback') proxies.push(...LOOPBACK_RANGES);
    else if (parseRange(entry)) proxies.push(entry);
    else return { ok: false, message: `must be addresses or CIDR ranges separated by commas, or false ("${entry}" is neither)` };
  }
  if (proxies.length === 0) return { ok: false, message: 'must list at least one address or CIDR range, or be false' };
  return { ok: true, proxies };
}

function parseRange(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  if (rest.length > 0) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { address, prefix: Number(prefixText), family };
}

/** "::ffff:10.0.0.1" is the IPv4 client 10.0.0.1; a zone ("fe80::1%eth0") is not part of the address. */
export function plainAddress(address: string): string {
  const withoutZone = address.split('%')[0] ?? address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(withoutZone);
  return mapped ? mapped[1]! : withoutZone.toLowerCase();
}

/** A test for "is this peer one of our proxies?", for Fastify's trustProxy and for the geo headers. */
export function trustedProxyMatcher(proxies: TrustedProxies | false): (address: string | undefined) => boolean {
  if (!proxies) return () => false;
  const list = new BlockList();
  for (const entry of proxies) {
    const range = parseRange(entry);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    if (!address) return false;
    const plain = plainAddress(address);
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/** The eight 16-bit groups of an IPv6 address, or null. */
function ipv6Groups(address: string): number[] | null {
  // An embedded IPv4 tail ("64:ff9b::198.51.100.7") is the last two groups.
  const text = address.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_all, a, b, c, d) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [head = '', tail, ...extra] = text.split('::');
  if (extra.length > 0) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<number>(Math.max(zeros, 0)).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The key every per-client limit counts under: an IPv4 address as it is, an IPv6 address as its /64
 * ("2001:db8:1:2::/64").
 */
export function clientKey(address: string): string {
  const plain = plainAddress(address);
  if (isIPv4(plain)) return plain;
  const groups = isIP(plain) === 6 ? ipv6Groups(plain) : null;
  if (!groups) return plain;
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

const LOOPBACK = trustedProxyMatcher(LOOPBACK_RANGES);

/** 127.0.0.0/8, ::1, or an IPv4-mapped loopback address: this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  return LOOPBACK(address);
}
