// Pinned pairs as one object each (the stored version 2 entries), for tests that read them one by
// one, and a kit with its pairs replaced by such a list (for tests that break a kit on purpose).

import { type BlockKit, createKitPairs, type KitFastener, toVersion2 } from '../../src/index';

export function pairList(kit: BlockKit): KitFastener[] {
  return toVersion2(kit).fasteners;
}

export function withPairs(kit: BlockKit, list: readonly Pick<KitFastener, 'joins' | 'count'>[]): BlockKit {
  const pairs = createKitPairs(list.length, kit.pairs.part);
  list.forEach((f, k) => {
    pairs.lower[k] = f.joins[0];
    pairs.upper[k] = f.joins[1];
    pairs.pins[k] = f.count;
  });
  return { ...kit, pairs };
}
