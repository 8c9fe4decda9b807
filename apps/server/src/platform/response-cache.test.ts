import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache';

describe('response cache', () => {
  it('serves an entry until it expires, shares concurrent misses, and evicts the least recently used', async () => {
    let t = 0;
    let calls = 0;
    const cache = createResponseCache<number>(100, 2, () => t);
    const compute = async () => ++calls;
    const [a, b] = await Promise.all([cache.get('x', compute), cache.get('x', compute)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    t = 99;
    expect(await cache.get('x', compute)).toBe(1);
    t = 100;
    expect(await cache.get('x', compute)).toBe(2);
    await cache.get('y', compute);
    await cache.get('x', compute);
    await cache.get('z', compute);
    expect(await cache.get('y', compute)).toBe(5);
    expect(calls).toBe(5);
  });

  it('does nothing when the time to live is 0, and forgets failures', async () => {
    let calls = 0;
    const off = createResponseCache<number>(0);
    await off.get('k', async () => ++calls);
    await off.get('k', async () => ++calls);
    expect(calls).toBe(2);
    const cache = createResponseCache<number>(1000);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });
});
