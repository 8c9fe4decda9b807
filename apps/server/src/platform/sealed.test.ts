import { describe, expect, it } from 'vitest';
import { createSealer } from './sealed';

const SECRET = 'a-cookie-secret-of-at-least-thirty-two-characters';

describe('sealed values', () => {
  const sealer = createSealer(SECRET, 'test/purpose/v1');

  it('opens what it sealed, under the same label, and hides the text', () => {
    const sealed = sealer.seal('{"s":"state-value"}', 'kw_a');
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('state-value');
    expect(sealer.open(sealed, 'kw_a')).toBe('{"s":"state-value"}');
    // A fresh IV each time: the same text never seals to the same value.
    expect(sealer.seal('{"s":"state-value"}', 'kw_a')).not.toBe(sealed);
  });

  it('refuses a value altered anywhere, under another label, or sealed with another key', () => {
    const sealed = sealer.seal('payload', 'kw_a');
    const raw = Buffer.from(sealed, 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const altered = Buffer.from(raw);
      altered[i] = (altered[i] ?? 0) ^ 1;
      expect(sealer.open(altered.toString('base64url'), 'kw_a')).toBeNull();
    }
    expect(sealer.open(sealed, 'kw_b')).toBeNull();
    expect(createSealer(SECRET, 'test/other-purpose/v1').open(sealed, 'kw_a')).toBeNull();
    expect(createSealer(`${SECRET}!`, 'test/purpose/v1').open(sealed, 'kw_a')).toBeNull();
    for (const junk of ['', 'not base64!', 'AAAA', raw.subarray(0, 20).toString('base64url')])
      expect(sealer.open(junk, 'kw_a')).toBeNull();
  });
});
