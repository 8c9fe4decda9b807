// Mode B's generation step at size 32 (the brief's target: under 2 s per job): proposal (reading the
// prompt, three variants composed), voxelising the chosen program, block layout, build checks and
// the preview — what the mesher thread does for a prompt job — per prompt, median of --runs runs.
// With --baseline <checkout> (a copy of the repository at an older commit, with node_modules), the
// same prompts go through that checkout's generateDesign too, interleaved run by run in this one
// process, so the two columns share the machine's load and the ratio is fair.
// Run: node --import tsx bench/mesher/prompt-designs.ts [--runs 5] [--size 32] [--baseline /tmp/base]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateDesign } from '../../packages/mesher/src/index';
import { median, table } from '../support/report';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 5);
const size = Number(arg('--size') ?? 32);
const baselineDir = arg('--baseline') ?? process.env.BENCH_BASELINE;

const PROMPTS = [
  'a small red lighthouse',
  'a castle with blue roofs',
  'a windmill',
  'a steam train',
  'a suspension bridge',
  'an elephant',
  'a chess king',
  'a blue and purple gradient vase',
  'a pagoda with five tiers',
  'a name plate saying "KITWRIGHT"',
  'a temple with 8 columns',
  'a purple flumph',
  'a horse',
  'a red and white striped lighthouse with a lamp room',
  'a rocket on a launch pad',
  'a tree with a swing',
  'the Eiffel Tower',
  'the word LOVE',
  'une maison blanche avec un toit gris foncé',
];

type Generate = (
  prompt: string,
  options: { size: number },
) => { status: string; kit?: { blocks: unknown[] } };

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const engines: Array<{ name: string; generate: Generate }> = [
  { name: 'this tree', generate: generateDesign },
];
if (baselineDir) {
  const url = pathToFileURL(path.resolve(baselineDir, 'packages/mesher/src/index.ts')).href;
  const base = (await import(url)) as { generateDesign: Generate };
  engines.unshift({ name: 'baseline', generate: base.generateDesign });
}

const rows: Array<Array<string | number>> = [];
const medians = engines.map(() => [] as number[]);
for (const prompt of PROMPTS) {
  for (const e of engines) e.generate(prompt, { size }); // warm-up
  const times = engines.map(() => [] as number[]);
  for (let k = 0; k < runs; k++)
    engines.forEach((e, i) => {
      times[i]!.push(time(() => e.generate(prompt, { size })));
    });
  const row: Array<string | number> = [prompt];
  engines.forEach((e, i) => {
    const outcome = e.generate(prompt, { size });
    const m = median(times[i]!);
    medians[i]!.push(m);
    row.push(
      outcome.status,
      outcome.kit?.blocks.length ?? 0,
      Math.round(m),
      Math.round(Math.max(...times[i]!)),
    );
  });
  rows.push(row);
}
const headers = ['prompt'];
for (const e of engines) headers.push(`${e.name} status`, 'blocks', 'median ms', 'max ms');
process.stdout.write(`Mode B generation at size ${size}, ${runs} runs each (single thread)\n`);
process.stdout.write(`${table(headers, rows)}\n`);
engines.forEach((e, i) => {
  const worst = Math.max(...medians[i]!);
  const worstPrompt = PROMPTS[medians[i]!.indexOf(worst)];
  process.stdout.write(
    `${e.name}: worst median ${Math.round(worst)} ms ("${worstPrompt}", target under 2000 ms); median of medians ${Math.round(median(medians[i]!))} ms\n`,
  );
});
if (engines.length === 2)
  process.stdout.write(
    `ratio this tree / baseline, median of medians: ${(median(medians[1]!) / median(medians[0]!)).toFixed(2)}\n`,
  );
