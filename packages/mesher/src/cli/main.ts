// kitwright-mesh: turns a model file or a prompt into a kit from the command line, printing the
// validation report and metrics; exit codes 0 (kit), 1 (input refused), 2 (usage), 3 (kit not buildable).
// Strict like the API: recoverable format problems refuse the file unless --lenient is given.

import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { BuildReport } from '../build/validate-build';
import { isPaletteColourId } from '../colour/palette';
import { generateDesign } from '../design/generate-design';
import type { BlockKit } from '../kit/block-kit';
import { serialiseKit } from '../kit/kit-codec';
import { parseUpDirection } from '../mesh/triangle-mesh';
import { isModelFormat } from '../parse/detect-format';
import { runMeshPipeline } from '../pipeline/run-mesh-pipeline';
import { standingSide } from '../pose/choose-pose';

const USAGE = `Usage: kitwright-mesh <model file> [options]
       kitwright-mesh --prompt "a 30 cm tower with a red roof" [options]

Options:
  --size <n>          longest side in blocks (8–256, default 32; a prompt's own size wins)
  --seed <n>          a prompt's first variant seed (default 0), as "design again" moves it
  --locale <tag>      the language a prompt is written in: en (default), fr or de
  --out <file>        write the kit file here (compact JSON, kitwright.blockkit/3)
  --preview <file>    write the isometric SVG preview here
  --up <dir>          which way of the model points up: auto (default), x, y, z, -x,
                      -y or -z (a negative axis turns the model upside down). auto
                      tries the six and stands the model on its widest base with the
                      least overhang, keeping the format's convention (z for STL and
                      3MF, y for OBJ, PLY and GLB) when it is about as good
  --hollow <n>        hollow the model, keeping walls n blocks thick
  --colour <id>       one palette colour for every block
  --use-case <id>     free_standing (default), decorative, ...
  --format <fmt>      stl | obj | ply | glb | gltf | 3mf (default: detected from the bytes)
  --lenient           repair recoverable format problems (a missing "endsolid", trailing
                      bytes, a surface too open to enclose anything) instead of refusing
                      the file; the repairs are printed as warnings (missing, zero or
                      wrong STL normals are never refused: they are recomputed, with a note)
  --json              print the full reports as JSON
  --help              show this help`;

type Print = (line: string) => void;

/**
 * `--up -y` as `--up=-y`: parseArgs takes a value starting with a dash for another option, and a
 * negative axis is exactly such a value.
 */
function joinUpValue(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (argv[i] === '--up' && next !== undefined && (next === 'auto' || parseUpDirection(next) !== null)) {
      out.push(`--up=${next}`);
      i++;
    } else out.push(argv[i]!);
  }
  return out;
}

/** The kit and its build report, as the CLI prints them. */
export function printKit(kit: BlockKit, report: BuildReport, print: Print): void {
  const m = kit.metrics;
  print(
    `Kit: ${m.partCount} blocks + ${m.fastenerCount} pins (1×1 baseline ${m.baselineCount} blocks + ${m.baselineFastenerCount ?? 0} pins: ${(m.reduction * 100).toFixed(1)}% fewer blocks, ${((m.reductionWithFasteners ?? 0) * 100).toFixed(1)}% fewer parts counting pins)`,
  );
  print(
    `     ${m.dimensions.cells.x}×${m.dimensions.cells.y}×${m.dimensions.cells.z} cells = ${m.dimensions.mm.x}×${m.dimensions.mm.y}×${m.dimensions.mm.z} mm, ~${m.estimatedMassG} g, ${m.layers} layers`,
  );
  print(
    `     components ${m.components}, stability ${m.stability}, weak blocks ${report.stability.weakBlockCount}`,
  );
  const joints = report.stability.joints;
  print(
    `     ${report.stability.structuralVerdict.replaceAll('_', ' ')}: ${joints.jointCount} joints, ${joints.weakJointCount} weak, ${joints.overloadedJointCount} overloaded, most loaded at ${Math.round(joints.maxUtilisation * 100)}% of capacity`,
  );
  for (const held of report.stability.heldSteps)
    print(
      `     hold the model upright ${held.fromStep === held.toStep ? `after step ${held.fromStep}` : `from step ${held.fromStep} to ${held.toStep}`} (layer ${held.layer + 1}) until step ${held.untilStep} is placed: until then it leans beyond its base`,
    );
  const during = report.stability.buildJoints;
  print(
    `     during the build: ${during.stepsChecked} of ${during.steps - 1} partial builds solved, most loaded joint at ${Math.round(during.maxUtilisation * 100)}% of capacity`,
  );
  for (const run of during.supportedSteps)
    print(
      `     prop ${run.fromStep === run.toStep ? `after step ${run.fromStep}` : `from step ${run.fromStep} to ${run.toStep}`} (layer ${run.layer + 1}) until step ${run.untilStep} is placed: until then a joint carries more than its pins hold`,
    );
  print(
    `Build: ${report.buildable ? 'buildable' : 'NOT buildable'}; use case ${report.useCase.useCase}: ${report.allowed ? 'allowed' : `refused (${report.useCase.reason})`}`,
  );
  for (const problem of report.problems) print(`  ! ${problem.code}: ${problem.message}`);
  print(
    `Bill of materials: ${kit.billOfMaterials.blocks.map((l) => `${l.count}× ${l.part} ${l.colour}${l.added ? ' (added to join loose groups)' : ''}`).join(', ')}`,
  );
}

export async function main(
  argv: string[],
  print: Print = console.log,
  printError: Print = console.error,
): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: joinUpValue(argv),
      allowPositionals: true,
      options: {
        prompt: { type: 'string' },
        seed: { type: 'string' },
        locale: { type: 'string' },
        size: { type: 'string' },
        out: { type: 'string' },
        preview: { type: 'string' },
        up: { type: 'string' },
        hollow: { type: 'string' },
        colour: { type: 'string' },
        'use-case': { type: 'string' },
        format: { type: 'string' },
        json: { type: 'boolean' },
        lenient: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    printError(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const str = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
  if (values.help) {
    print(USAGE);
    return 0;
  }
  const prompt = str('prompt');
  if ((prompt === undefined) === (positionals.length !== 1)) {
    printError(`Give exactly one model file or --prompt.\n\n${USAGE}`);
    return 2;
  }
  const size = Number(str('size') ?? 32);
  const upText = str('up');
  const up =
    upText === undefined || upText.trim().toLowerCase() === 'auto' ? 'auto' : parseUpDirection(upText);
  if (up === null) {
    printError('--up must be auto, x, y, z, -x, -y or -z.');
    return 2;
  }
  const colour = str('colour');
  if (colour !== undefined && !isPaletteColourId(colour)) {
    printError(`Unknown colour "${colour}".`);
    return 2;
  }
  const format = str('format');
  if (format !== undefined && !isModelFormat(format)) {
    printError(`Unknown format "${format}".`);
    return 2;
  }
  const hollowText = str('hollow');
  const useCase = str('use-case') ?? 'free_standing';

  let kit: BlockKit;
  let report: BuildReport;
  let svg: string;
  if (prompt !== undefined) {
    const seed = Number(str('seed') ?? 0);
    if (!Number.isInteger(seed) || seed < 0) {
      printError('--seed must be a whole number, 0 or more.');
      return 2;
    }
    // The design library, exactly as the server's prompt jobs run it (one prompt engine).
    const outcome = generateDesign(prompt, { size, seed, locale: str('locale') ?? 'en', useCase });
    const variant = outcome.variants[outcome.chosen];
    print(
      `Prompt: ${JSON.stringify(prompt)} → ${outcome.status}${variant ? ` (${variant.design} ${variant.bounds.join('×')}, seed ${variant.seed})` : ''}`,
    );
    print(`Understood: ${outcome.understood.join('; ') || 'nothing specific'}`);
    if (outcome.ignored.length > 0) print(`Not used: ${outcome.ignored.join('; ')}`);
    if (outcome.reason) print(`${outcome.status === 'degraded' ? 'Degraded' : 'Refused'}: ${outcome.reason}`);
    if (!outcome.kit || !outcome.buildReport || !outcome.previewSvg) {
      if (values.json) print(JSON.stringify({ design: outcome }, null, 2));
      return 1;
    }
    ({ kit, buildReport: report, previewSvg: svg } = outcome);
    if (values.json)
      print(
        JSON.stringify(
          {
            design: { ...outcome, kit: undefined, buildReport: undefined, previewSvg: undefined },
            buildReport: report,
          },
          null,
          2,
        ),
      );
  } else {
    const file = positionals[0]!;
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(file));
    } catch (error) {
      printError(`Cannot read ${file}: ${(error as Error).message}`);
      return 1;
    }
    const outcome = await runMeshPipeline(bytes, {
      size,
      format: format as never,
      up,
      hollow: hollowText ? { wallThickness: Number(hollowText) } : undefined,
      colour: colour as never,
      useCase,
      strict: values.lenient !== true,
    });
    if (!outcome.ok) {
      printError(`Refused (${outcome.error.stage}): ${outcome.error.code}: ${outcome.error.message}`);
      if (outcome.error.details?.recoverable === true)
        printError('This problem can be repaired: run again with --lenient to read around it.');
      if (outcome.meshReport) printError(JSON.stringify(outcome.meshReport, null, 2));
      return 1;
    }
    const r = outcome.meshReport;
    print(
      `Model: ${outcome.format}, ${r.triangleCount} triangles, ${r.vertexCount} vertices, ${r.components} piece(s), ${r.watertight ? 'watertight' : `open (${r.boundaryEdges} open edges, ${r.nonManifoldEdges} non-manifold)`}`,
    );
    for (const warning of outcome.warnings) print(`  ~ ${warning.code}: ${warning.message}`);
    for (const finding of r.findings) print(`  ~ ${finding.code}: ${finding.message}`);
    const v = outcome.voxels;
    const removed = v.removedCells ? `, ${v.removedCells} stray fill cells removed` : '';
    const trimmed = v.trimmedCells ? `, ${v.trimmedCells} unjoinable speck cells trimmed` : '';
    const pose = outcome.pose;
    print(
      `Pose: up ${pose.up}, standing on ${standingSide(pose.up)} (${pose.chosen === 'auto' ? `chosen: ${pose.reason.message}` : 'given'})`,
    );
    print(`Voxels: ${v.dims.join('×')}, ${v.filledCells} filled (${v.solidMethod})${removed}${trimmed}`);
    print(
      `Timings (ms): ${Object.entries(outcome.timings)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(', ')}`,
    );
    ({ kit, buildReport: report, previewSvg: svg } = outcome);
    if (values.json) print(JSON.stringify({ meshReport: r, pose, buildReport: report }, null, 2));
  }
  printKit(kit, report, print);
  const out = str('out');
  const preview = str('preview');
  if (out) writeFileSync(out, serialiseKit(kit));
  if (preview) writeFileSync(preview, svg);
  return report.buildable && report.allowed ? 0 : 3;
}
