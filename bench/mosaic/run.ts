// Mode B from a picture (issue 19): how long a mosaic takes to build from a real photograph at
// phone-camera size. The photo is autocannon's test JPEG (a film still, 1169 × 584, in
// node_modules as a dev dependency) enlarged to 4032 × 3024, the size of a 12-megapixel phone
// photo, so the decode does a phone photo's work. Per run, as the job does it:
//   decode  sharp: the stored JPEG → RGBA at most 1024 px a side (drafts/job-handlers.ts)
//   mesher  generateFromReference: sample, quantise (CIELAB, dithering on or off), frame and foot,
//           block layout, validation (stability, joints), preview
// Medians of RUNS runs each, side by side in one process (one thread, as in a mesher worker).
// Run: npm run bench -- mosaic   (or node --import tsx bench/mosaic/run.ts [--runs N] [--preview DIR])

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { generateFromReference, type ReferenceDesignOptions } from '../../packages/mesher/src/index';

const require = createRequire(import.meta.url);
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('--runs') ?? 5);
const previewDir = arg('--preview');
/** The job's decode limit (REFERENCE_DECODE_SIDE in apps/server/src/modules/drafts/job-handlers.ts). */
const DECODE_SIDE = 1024;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const source = require.resolve('autocannon/test/j5.jpeg');
const photo = await sharp(source).resize(4032, 3024, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();

async function decode() {
  const { data, info } = await sharp(photo)
    .resize({ width: DECODE_SIDE, height: DECODE_SIDE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

const cases: { name: string; options: ReferenceDesignOptions }[] = [
  { name: 'mosaic 32×32', options: { kind: 'mosaic', width: 32, aspect: 'square', dithering: false } },
  {
    name: 'mosaic 32×32 dithered',
    options: { kind: 'mosaic', width: 32, aspect: 'square', dithering: true },
  },
  { name: 'mosaic 64×64', options: { kind: 'mosaic', width: 64, aspect: 'square', dithering: false } },
  {
    name: 'mosaic 64×64 dithered',
    options: { kind: 'mosaic', width: 64, aspect: 'square', dithering: true },
  },
];

process.stdout.write(
  `Mosaic from a ${photo.length.toLocaleString('en')}-byte 4032×3024 JPEG photo, median of ${RUNS} runs\n`,
);
const decodeMs: number[] = [];
const image = await decode();
const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
const results = new Map<string, ReturnType<typeof generateFromReference>>();
for (let run = 0; run < RUNS; run++) {
  const t0 = performance.now();
  await decode();
  decodeMs.push(performance.now() - t0);
  // Interleaved, so a burst of load on the shared machine falls on every case alike.
  for (const c of cases) {
    const t = performance.now();
    results.set(c.name, generateFromReference(image, c.options));
    times.get(c.name)!.push(performance.now() - t);
  }
}
const decodeMedian = median(decodeMs);
const base = median(times.get(cases[0]!.name)!);
process.stdout.write(
  `decode (sharp, to ${image.width}×${image.height} RGBA): ${decodeMedian.toFixed(0)} ms\n`,
);
process.stdout.write(
  'case                      mesher ms  + decode ms  ×32 plain  blocks  pins  colours  ΔE  verdict\n',
);
for (const c of cases) {
  const ms = median(times.get(c.name)!);
  const out = results.get(c.name)!;
  process.stdout.write(
    `${c.name.padEnd(25)} ${ms.toFixed(0).padStart(9)}  ${(ms + decodeMedian).toFixed(0).padStart(10)}  ${(
      ms / base
    )
      .toFixed(2)
      .padStart(
        9,
      )}  ${String(out.kit.blocks.length).padStart(6)}  ${String(out.kit.metrics.fastenerCount).padStart(4)}  ${String(out.reference.colours.length).padStart(7)}  ${out.reference.mean_delta_e.toFixed(1).padStart(4)}  ${out.status}/${out.buildReport.stability.structuralVerdict}\n`,
  );
  if (previewDir) {
    const file = path.join(previewDir, `${c.name.replace(/[^a-z0-9]+/gi, '-')}.png`);
    writeFileSync(file, await sharp(Buffer.from(out.previewSvg)).png().toBuffer());
  }
}
