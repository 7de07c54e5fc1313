import { describe, expect, it } from 'vitest';
import { clientKey, parseTrustedProxies, trustedProxyMatcher } from './client-address';

describe('clientKey', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::198.51.100.7', '64:ff9b:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe('TRUST_PROXY', () => {
  it('takes addresses, CIDR ranges and loopback', () => {
    const parsed = parseTrustedProxies('10.0.0.0/8, 192.0.2.7,2001:db8::/32, loopback');
    expect(parsed).toEqual({ ok: true, proxies: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '127.0.0.0/8', '::1/128'] });
    const trusted = trustedProxyMatcher(parsed.ok ? parsed.proxies : false);
    for (const address of ['10.9.8.7', '::ffff:10.0.0.1', '192.0.2.7', '2001:db8:ffff::1', '127.0.0.1', '::1']) expect(trusted(address)).toBe(true);
    for (const address of ['11.0.0.1', '192.0.2.8', '2001:db9::1', undefined, 'junk']) expect(trusted(address)).toBe(false);
  });

  it('false trusts nobody; true is refused with the reason', () => {
    expect(parseTrustedProxies('false')).toEqual({ ok: true, proxies: false });
    expect(trustedProxyMatcher(false)('127.0.0.1')).toBe(false);
    const refused = parseTrustedProxies('true');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/not "true".*any client choose its own address/);
  });

  it.each(['10.0.0.0/33', '10.0.0', 'example.com', '::1/129', '10.0.0.0/8/8', ','])('refuses %j', (text) => {
    expect(parseTrustedProxies(text).ok).toBe(false);
  });
});
