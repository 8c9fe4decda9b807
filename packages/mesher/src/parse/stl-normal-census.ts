// Checks the facet normals an STL stores against the triangles they belong to. The reader never
// uses stored normals (the vertex order decides which side is outside), so a file whose normals
// are missing, not numbers, all zero or pointing against the vertex order is read like any other,
// strict or not, with a note that its normals were recomputed. Facets without a reliable direction of their own (zero area, or a
// sliver thinner than float32 rounding of its coordinates could flip) are not judged.
//
// Zero normals: a (0, 0, 0) normal is what exporters write when they do not compute normals, and
// also what careful exporters write for a sliver whose normal underflowed. The note ZERO_NORMALS is
// given when MORE THAN HALF of its judged facets carry a zero normal: "the exporter wrote
// no normals", not "a few slivers".

import type { ParseWarning } from './parse-warning';

/** A facet is judged only when its height exceeds this share of its size and position. */
const SLIVER_RATIO = 1e-6;

export class StlNormalCensus {
  facets = 0;
  judged = 0;
  missing = 0;
  nonFinite = 0;
  zero = 0;
  disagreeing = 0;
  /** First facet (1-based) of each kind, for messages. */
  firstMissing = 0;
  firstNonFinite = 0;
  firstDisagreeing = 0;

  /** Records a facet without a normal (no three numbers after "facet normal"). */
  addMissing(): void {
    this.facets++;
    this.missing++;
    if (this.firstMissing === 0) this.firstMissing = this.facets;
  }

  /** Records a facet with stored normal (nx, ny, nz) and vertices p[o..o+8]. */
  add(nx: number, ny: number, nz: number, p: Float32Array | Float64Array, o: number): void {
    this.facets++;
    if (!Number.isFinite(nx) || !Number.isFinite(ny) || !Number.isFinite(nz)) {
      this.nonFinite++;
      if (this.firstNonFinite === 0) this.firstNonFinite = this.facets;
      return;
    }
    const ax = p[o]!;
    const ay = p[o + 1]!;
    const az = p[o + 2]!;
    const ux = p[o + 3]! - ax;
    const uy = p[o + 4]! - ay;
    const uz = p[o + 5]! - az;
    const vx = p[o + 6]! - ax;
    const vy = p[o + 7]! - ay;
    const vz = p[o + 8]! - az;
    const wx = uy * vz - uz * vy;
    const wy = uz * vx - ux * vz;
    const wz = ux * vy - uy * vx;
    const cross = Math.sqrt(wx * wx + wy * wy + wz * wz);
    const lu = ux * ux + uy * uy + uz * uz;
    const lv = vx * vx + vy * vy + vz * vz;
    const dx = vx - ux;
    const dy = vy - uy;
    const dz = vz - uz;
    const longest = Math.sqrt(Math.max(lu, lv, dx * dx + dy * dy + dz * dz));
    const reach = Math.max(Math.abs(ax), Math.abs(ay), Math.abs(az)) + longest;
    // cross / longest is the facet's height over its longest edge.
    if (!(cross > longest * reach * SLIVER_RATIO)) return;
    this.judged++;
    if (nx === 0 && ny === 0 && nz === 0) {
      this.zero++;
      return;
    }
    if (wx * nx + wy * ny + wz * nz < 0) {
      this.disagreeing++;
      if (this.firstDisagreeing === 0) this.firstDisagreeing = this.facets;
    }
  }

  /**
   * Notes on what this census found. Stored normals are never used (the vertex order decides which
   * side is outside, as PrusaSlicer's `stl_fix_normal_values` and Cura's `calculateNormals` also
   * recompute them), so none of this refuses a file, strict or not; the codes stay the ones a
   * refusal used to carry.
   */
  warnings(): ParseWarning[] {
    const out: ParseWarning[] = [];
    const unusable = this.missing + this.nonFinite;
    if (unusable > 0) {
      out.push({
        code: this.missing > 0 ? 'MISSING_NORMAL' : 'NON_FINITE_NORMAL',
        message: `${plural(unusable, 'facet has', 'facets have')} a missing or invalid normal (the first is facet ${Math.min(...[this.firstMissing, this.firstNonFinite].filter((f) => f > 0))}); the file's normals were recomputed from the vertex order.`,
      });
    }
    if (this.zero * 2 > this.judged) {
      out.push({
        code: 'ZERO_NORMALS',
        message: `${this.zero} of ${this.judged} facets have a zero normal (0 0 0); the file's normals were recomputed from the vertex order.`,
      });
    }
    if (this.disagreeing > 0) {
      out.push({
        code: 'NORMALS_DISAGREE',
        message: `${plural(this.disagreeing, 'facet normal points', 'facet normals point')} against the order of ${this.disagreeing === 1 ? 'its' : 'their'} vertices (the first is facet ${this.firstDisagreeing}); the file's normals were recomputed from the vertex order.`,
      });
    }
    return out;
  }
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
