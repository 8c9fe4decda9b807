// Append-only typed buffers for parsers that learn the element count while reading.

export class GrowableFloat32 {
  data: Float32Array;
  length = 0;
  constructor(initial = 1024) {
    this.data = new Float32Array(initial);
  }
  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.data.length) this.grow(this.length + 3);
    const d = this.data;
    d[this.length] = a;
    d[this.length + 1] = b;
    d[this.length + 2] = c;
    this.length += 3;
  }
  private grow(min: number): void {
    const next = new Float32Array(Math.max(min, this.data.length * 2));
    next.set(this.data);
    this.data = next;
  }
  toArray(): Float32Array {
    return this.data.slice(0, this.length);
  }
}

/** Float64 positions: text and transformed coordinates stay exact until `weldMesh` recentres them. */
export class GrowableFloat64 {
  data: Float64Array;
  length = 0;
  constructor(initial = 1024) {
    this.data = new Float64Array(initial);
  }
  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.data.length) this.grow(this.length + 3);
    const d = this.data;
    d[this.length] = a;
    d[this.length + 1] = b;
    d[this.length + 2] = c;
    this.length += 3;
  }
  private grow(min: number): void {
    const next = new Float64Array(Math.max(min, this.data.length * 2));
    next.set(this.data);
    this.data = next;
  }
  toArray(): Float64Array {
    return this.data.slice(0, this.length);
  }
}

export class GrowableUint32 {
  data: Uint32Array;
  length = 0;
  constructor(initial = 1024) {
    this.data = new Uint32Array(initial);
  }
  push(value: number): void {
    if (this.length + 1 > this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
  }
  private grow(min: number): void {
    const next = new Uint32Array(Math.max(min, this.data.length * 2));
    next.set(this.data);
    this.data = next;
  }
  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

export class GrowableUint8 {
  data: Uint8Array;
  length = 0;
  constructor(initial = 1024) {
    this.data = new Uint8Array(initial);
  }
  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.data.length) {
      const next = new Uint8Array(Math.max(this.length + 3, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length] = a;
    this.data[this.length + 1] = b;
    this.data[this.length + 2] = c;
    this.length += 3;
  }
  toArray(): Uint8Array {
    return this.data.slice(0, this.length);
  }
}
