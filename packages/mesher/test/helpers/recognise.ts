// The recognisability check of a Mode B answer, read from what the person gets: the design the
// generator chose, and the kit itself (its cells and their colours, read back from the blocks as the
// validator reads them): the colours asked for, the proportions of the thing named, and counts of a
// part (four wheels, two sails, four letters). A prompt is recognised only when every check holds.

import { readKitStructure } from '../../src/build/kit-structure';
import type { PaletteColourId } from '../../src/colour/palette';
import { type DesignOutcome, generateDesign } from '../../src/design/generate-design';
import type { BlockKit } from '../../src/kit/block-kit';
import type { PromptExpectation, Proportion } from '../fixtures/prompt-set-100';

export interface Recognition {
  prompt: string;
  recognised: boolean;
  /** The design made (with its companion, if any), or null when none was made. */
  design: string | null;
  /** Why it is not recognised: every check that failed. */
  failures: string[];
}

/** The kit's cells: colour per cell (null = empty), and the filled extent. */
export function kitCells(kit: BlockKit) {
  const structure = readKitStructure(kit);
  const [nx, ny, nz] = structure.dims;
  const colour: Array<PaletteColourId | null> = Array.from(structure.owner, (b) =>
    b < 0 ? null : kit.blocks[b]!.colour,
  );
  const lo = [nx, ny, nz];
  const hi = [-1, -1, -1];
  colour.forEach((c, i) => {
    if (!c) return;
    const p = [i % nx, Math.floor(i / nx) % ny, Math.floor(i / (nx * ny))];
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, p[k]!);
      hi[k] = Math.max(hi[k]!, p[k]!);
    }
  });
  const extent = [0, 1, 2].map((k) => Math.max(0, hi[k]! - lo[k]! + 1)) as [number, number, number];
  return { dims: structure.dims, colour, extent };
}

/** Separate pieces (face-joined cells) of one colour in the kit. */
export function piecesOf(kit: BlockKit, wanted: PaletteColourId): number {
  const { dims, colour } = kitCells(kit);
  const [nx, ny, nz] = dims;
  const seen = new Uint8Array(colour.length);
  let pieces = 0;
  for (let start = 0; start < colour.length; start++) {
    if (seen[start] || colour[start] !== wanted) continue;
    pieces++;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % nx;
      const y = Math.floor(i / nx) % ny;
      const z = Math.floor(i / (nx * ny));
      const near = [
        x > 0 ? i - 1 : -1,
        x < nx - 1 ? i + 1 : -1,
        y > 0 ? i - nx : -1,
        y < ny - 1 ? i + nx : -1,
        z > 0 ? i - nx * ny : -1,
        z < nz - 1 ? i + nx * ny : -1,
      ];
      for (const j of near)
        if (j >= 0 && !seen[j] && colour[j] === wanted) {
          seen[j] = 1;
          stack.push(j);
        }
    }
  }
  return pieces;
}

export function proportionHolds(extent: [number, number, number], proportion: Proportion): boolean {
  const [w, d, h] = extent;
  const long = Math.max(w, d);
  const short = Math.min(w, d);
  if (proportion === 'tall') return h >= 1.3 * long;
  if (proportion === 'long') return long >= 1.3 * h;
  if (proportion === 'thin') return short <= 0.5 * long;
  return h <= long;
}

/** Judges one prompt's answer (generated at `size`, the app's default 24). */
export function recognise(expect: PromptExpectation, size = 24): Recognition {
  const outcome: DesignOutcome = generateDesign(expect.prompt, { size, locale: expect.locale ?? 'en' });
  const failures: string[] = [];
  const variant = outcome.variants[outcome.chosen];
  const recipe = variant?.recipe ?? null;
  const made = recipe ? recipe.design : null;
  const companion = recipe?.companion?.design ?? null;
  const design = made ? (companion ? `${made} + ${companion}` : made) : null;
  if (!outcome.kit || !outcome.buildReport) {
    failures.push(`no kit (${outcome.status}: ${outcome.reason ?? ''})`);
    return { prompt: expect.prompt, recognised: false, design, failures };
  }
  if (!made || !expect.design.includes(made)) failures.push(`made ${made ?? 'nothing from the library'}`);
  if (expect.with && companion !== expect.with) failures.push(`without a ${expect.with}`);
  if (!outcome.buildReport.buildable) failures.push('the kit does not build');
  const { extent } = kitCells(outcome.kit);
  const colours = new Set(outcome.kit.billOfMaterials.blocks.map((l) => l.colour));
  for (const c of expect.colours ?? []) if (!colours.has(c)) failures.push(`no ${c}`);
  if (expect.proportion && !proportionHolds(extent, expect.proportion))
    failures.push(`not ${expect.proportion} (${extent.join('×')})`);
  if (expect.count) {
    const n = piecesOf(outcome.kit, expect.count.colour);
    if (n !== expect.count.pieces)
      failures.push(`${n} ${expect.count.colour} pieces, not ${expect.count.pieces}`);
  }
  return { prompt: expect.prompt, recognised: failures.length === 0, design, failures };
}
