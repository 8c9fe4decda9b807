// Disjoint sets over dense integer ids, for block-connection components.

export class UnionFind {
  private parent: Int32Array;
  /** While recording: (index, previous parent) of every write, so `rollback` can undo them. */
  private log: number[] | null = null;
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
  /** Starts recording writes: `rollback` then returns to this state (trial unions, cheaply). */
  record(): void {
    this.log = [];
  }
  /** Undoes every write since `record` and keeps recording from here. */
  rollback(): void {
    const log = this.log;
    if (!log) return;
    const parent = this.parent;
    for (let k = log.length - 2; k >= 0; k -= 2) parent[log[k]!] = log[k + 1]!;
    log.length = 0;
  }
  /** Stops recording (the writes so far stay). */
  stopRecording(): void {
    this.log = null;
  }
  find(i: number): number {
    const parent = this.parent;
    const log = this.log;
    while (parent[i] !== i) {
      const up = parent[parent[i]!]!;
      if (log && parent[i] !== up) log.push(i, parent[i]!);
      parent[i] = up;
      i = up;
    }
    return i;
  }
  union(a: number, b: number): boolean {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return false;
    this.log?.push(rb, this.parent[rb]!);
    this.parent[rb] = ra;
    return true;
  }
}
