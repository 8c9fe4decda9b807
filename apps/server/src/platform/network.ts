/**
 * A pseudonymous fingerprint of the network a request came from: a keyed hash (HMAC-SHA-256) of
 * the address's network prefix — the /24 of an IPv4 address, the /56 of an IPv6 one (what one
 * household or small office is usually given) — never the address itself. Two requests from one
 * home share it; nobody holding the fingerprint can recover the address without the key.
 */
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** The network prefix of an address: `a.b.c.0/24` or the first 56 bits of an IPv6 address. */
export function networkPrefix(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) {
    const [head = '', tail = ''] = ip.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = ip.includes('::')
      ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
      : left;
    const hex = groups.map((g) => g.padStart(4, '0')).join('');
    return `${hex.slice(0, 14)}/56`;
  }
  return `other:${ip}`;
}

/** The key fingerprints are made with, derived from a server secret under its own label. */
export function fingerprintKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('kitwright/network-fingerprint/v1').digest();
}

/** 32 hex characters naming the request's network, stable for as long as the key is. */
export function networkFingerprint(address: string | null, key: Buffer): string {
  return createHmac('sha256', key)
    .update(networkPrefix(address ?? 'unknown'))
    .digest('hex')
    .slice(0, 32);
}
