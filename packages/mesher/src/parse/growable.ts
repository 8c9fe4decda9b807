// Append-only typed buffers for parsers that learn the element count while reading. One generic
// buffer over the typed-array kinds the parsers use: float64 positions (text and transformed
// coordinates stay exact until `weldMesh` recentres them), float32 colours, uint32 indices and
// uint8 colours.

import type { Axis } from '../mesh/triangle-mesh';
import type { RawMesh } from '../mesh/weld';

type TypedArray = Float32Array | Float64Array | Uint32Array | Uint8Array;
type TypedArrayOf<T extends TypedArray> = new (length: number) => T;

class Growable<T extends TypedArray> {
  data: T;
  length = 0;
  constructor(
    private readonly kind: TypedArrayOf<T>,
    initial: number,
  ) {
    this.data = new kind(initial);
  }
  push(value: number): void {
    if (this.length + 1 > this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
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
    const next = new this.kind(Math.max(min, this.data.length * 2));
    next.set(this.data);
    this.data = next;
  }
  toArray(): T {
    return this.data.slice(0, this.length) as T;
  }
}

export class GrowableFloat32 extends Growable<Float32Array> {
  constructor(initial = 1024) {
    super(Float32Array, initial);
  }
}

export class GrowableFloat64 extends Growable<Float64Array> {
  constructor(initial = 1024) {
    super(Float64Array, initial);
  }
}

export class GrowableUint32 extends Growable<Uint32Array> {
  constructor(initial = 1024) {
    super(Uint32Array, initial);
  }
}

export class GrowableUint8 extends Growable<Uint8Array> {
  constructor(initial = 1024) {
    super(Uint8Array, initial);
  }
}

/**
 * What a reader of indexed triangles collects: float64 positions, uint32 indices and one rgb per
 * triangle, the colours kept only once some triangle has a colour of its own (`coloured`).
 */
export class IndexedMeshBuffers {
  readonly positions: GrowableFloat64;
  readonly indices: GrowableUint32;
  readonly colours: GrowableUint8;
  coloured = false;
  constructor(vertices = 1024, triangles = 1024) {
    this.positions = new GrowableFloat64(Math.max(1024, vertices * 3));
    this.indices = new GrowableUint32(Math.max(1024, triangles * 3));
    this.colours = new GrowableUint8(Math.max(1024, triangles * 3));
  }
  get vertexCount(): number {
    return this.positions.length / 3;
  }
  get triangleCount(): number {
    return this.indices.length / 3;
  }
  toRaw(upAxis: Axis): RawMesh {
    return {
      positions: this.positions.toArray(),
      indices: this.indices.toArray(),
      triangleColours: this.coloured ? this.colours.toArray() : null,
      upAxis,
    };
  }
}
