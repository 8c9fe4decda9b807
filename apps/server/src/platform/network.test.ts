import { describe, expect, it } from 'vitest';
import { fingerprintKey, networkFingerprint, networkPrefix } from './network';

describe('network fingerprints', () => {
  it('take the /24 of IPv4 (mapped or not) and the /56 of IPv6', () => {
    expect(networkPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkPrefix('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkPrefix('2001:db8:abcd:12ff::1')).toBe('20010db8abcd12/56');
    expect(networkPrefix('2001:db8:abcd:1200:1:2:3:4')).toBe('20010db8abcd12/56');
    expect(networkPrefix('::1')).toBe('00000000000000/56');
  });

  it('are the same for one home, different for another, and never contain the address', () => {
    const key = fingerprintKey('a-server-secret');
    const home = networkFingerprint('198.51.100.20', key);
    expect(networkFingerprint('198.51.100.21', key)).toBe(home);
    expect(networkFingerprint('198.51.101.20', key)).not.toBe(home);
    expect(home).toMatch(/^[0-9a-f]{32}$/);
    expect(home).not.toContain('198');
    // Another key (another deployment) gives unrelated fingerprints.
    expect(networkFingerprint('198.51.100.20', fingerprintKey('another-secret'))).not.toBe(home);
  });
});
