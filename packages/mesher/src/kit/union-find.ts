// Disjoint sets over dense integer ids, for block-connection components.

export class UnionFind {
  private parent: Int32Array;
  constructor(size: number) {
    this.parent = new Int32Array(Math.max(1, size));
    for (let i = 0; i < this.parent.length; i++) this.parent[i] = i;
  }
  /** Grows the id space so that ids below `size` are valid singletons. */
  ensure(size: number): void {
    if (size <= this.parent.length) return;
    const next = new Int32Array(Math.max(size, this.parent.length * 2));
    next.set(this.parent);
    for (let i = this.parent.length; i < next.length; i++) next[i] = i;
    this.parent = next;
  }
  /** An independent copy, to return to after trial unions. */
  clone(): UnionFind {
    const copy = new UnionFind(1);
    copy.parent = this.parent.slice();
    return copy;
  }
  find(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) {
      const up = parent[parent[i]!]!;
      parent[i] = up;
      i = up;
    }
    return i;
  }
  union(a: number, b: number): boolean {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return false;
    this.parent[rb] = ra;
    return true;
  }
}
