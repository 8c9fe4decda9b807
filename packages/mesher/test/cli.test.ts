// The CLI end to end: files and prompts to kit JSON and SVG, and non-zero exits on bad input.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, printKit } from '../src/cli/main';
import { buildBlockKit, parseKit, validateBuild } from '../src/index';
import { gridFrom } from './helpers/grid-from';
import { asciiStl, binaryStl, cube } from './helpers/model-fixtures';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, print: (l: string) => out.push(l), printError: (l: string) => err.push(l) };
}

describe('kitwright-mesh', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kitwright-mesh-'));

  it('turns a model file into kit JSON and a preview', async () => {
    const model = join(dir, 'cube.stl');
    writeFileSync(model, binaryStl(cube(4)));
    const io = capture();
    const code = await main(
      [model, '--size', '16', '--out', join(dir, 'kit.json'), '--preview', join(dir, 'p.svg')],
      io.print,
      io.printError,
    );
    expect(code).toBe(0);
    expect(io.out.join('\n')).toContain('watertight');
    expect(io.out.join('\n')).toContain('fewer parts');
    const text = readFileSync(join(dir, 'kit.json'), 'utf8');
    expect(JSON.parse(text).version).toBe('kitwright.blockkit/3');
    // The file reads back as a whole kit: its blocks are as many as it counts, and they pass.
    const kit = parseKit(text);
    expect(kit.blocks).toHaveLength(kit.metrics.partCount);
    expect(validateBuild(kit, { useCase: 'decorative' }).buildable).toBe(true);
    expect(readFileSync(join(dir, 'p.svg'), 'utf8')).toMatch(/^<svg/);
  });

  it('turns a prompt into a kit through the design library, with its seed', async () => {
    const io = capture();
    const code = await main(
      ['--prompt', 'a small blue car', '--out', join(dir, 'car.json'), '--seed', '3'],
      io.print,
      io.printError,
    );
    expect(code).toBe(0);
    // The library's car (the old template reader made a 32-cell box of it), built from seed 3.
    expect(io.out[0]).toMatch(/→ success \(car \d+×\d+×\d+, seed 3\)/);
    expect(io.out.join('\n')).toContain('colour: blue');
    const kit = parseKit(readFileSync(join(dir, 'car.json'), 'utf8'));
    expect(new Set(kit.billOfMaterials.blocks.map((l) => l.colour))).toEqual(
      new Set(['blue', 'light-blue', 'black']),
    );
    const refused = capture();
    expect(await main(['--prompt', 'a bedside lamp'], refused.print, refused.printError)).toBe(1);
    expect(refused.out.join('\n')).toContain('Refused: "lamp"');
    expect(await main(['--prompt', 'a car', '--seed', '-1'], refused.print, refused.printError)).toBe(2);
  });

  it('exits non-zero with a clear message on bad input', async () => {
    const broken = join(dir, 'broken.stl');
    writeFileSync(broken, binaryStl(cube(), 77));
    const io = capture();
    expect(await main([broken], io.print, io.printError)).toBe(1);
    expect(io.err.join('\n')).toContain('FACE_COUNT_MISMATCH');
    expect(await main([join(dir, 'missing.stl')], io.print, io.printError)).toBe(1);
    expect(await main([], io.print, io.printError)).toBe(2);
    expect(await main([broken, '--colour', 'chartreuse'], io.print, io.printError)).toBe(2);
  });

  it('is strict by default and repairs with --lenient, printing the repair', async () => {
    const text = new TextDecoder().decode(asciiStl(cube(4))).replace(/endsolid.*\s*$/, '');
    const model = join(dir, 'cut.stl');
    writeFileSync(model, text);
    const strict = capture();
    expect(await main([model, '--size', '8'], strict.print, strict.printError)).toBe(1);
    expect(strict.err.join('\n')).toContain('MISSING_ENDSOLID');
    expect(strict.err.join('\n')).toContain('--lenient');
    const lenient = capture();
    expect(await main([model, '--size', '8', '--lenient'], lenient.print, lenient.printError)).toBe(0);
    expect(lenient.out.join('\n')).toContain('~ MISSING_ENDSOLID');
  });

  it('builds an STL with contradicting or zero normals by default, printing a note', async () => {
    const flipped = binaryStl(cube(4));
    const view = new DataView(flipped.buffer);
    // Flip the stored normal of the first facet so it contradicts the vertex order.
    for (let k = 0; k < 3; k++) view.setFloat32(84 + 4 * k, -view.getFloat32(84 + 4 * k, true), true);
    const zero = binaryStl(cube(4), undefined, { normals: 'zero' });
    for (const [name, bytes, code] of [
      ['flipped.stl', flipped, 'NORMALS_DISAGREE'],
      ['zero.stl', zero, 'ZERO_NORMALS'],
    ] as const) {
      const model = join(dir, name);
      writeFileSync(model, bytes);
      const io = capture();
      expect(await main([model, '--size', '8'], io.print, io.printError), name).toBe(0);
      expect(io.out.join('\n')).toContain(`~ ${code}`);
      expect(io.out.join('\n')).toContain('normals were recomputed');
    }
  });

  it('prints the steps where the half-built model must be held upright', () => {
    // A T: its bar leans out whichever arm is built first (test/joint-forces.test.ts).
    const grid = gridFrom(24, 2, 12, (x, _y, z) => (z < 10 ? x >= 11 && x < 13 : true));
    const kit = buildBlockKit(grid);
    const report = validateBuild(kit, { useCase: 'decorative', grid });
    const io = capture();
    printKit(kit, report, io.print);
    const text = io.out.join('\n');
    expect(report.stability.heldSteps.length).toBeGreaterThan(0);
    const first = report.stability.heldSteps[0]!;
    expect(text).toContain('stands with weak points');
    expect(text).toContain(`(layer ${first.layer + 1}) until step ${first.untilStep} is placed`);
    expect(text).not.toContain('TIPS_DURING_BUILD');
  });
});
