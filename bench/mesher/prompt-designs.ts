// Mode B's generation step at size 32 (the brief's target: under 2 s per job): proposal (reading the
// prompt, three variants composed), voxelising the chosen program, block layout, build checks and
// the preview — what the mesher thread does for a prompt job — per prompt, median of --runs runs.
// Side by side in the same run: the old parametric-template generator on its own "tower" prompt.
// Run: node --import tsx bench/mesher/prompt-designs.ts [--runs 5] [--size 32]
import { generateDesign, generateFromPrompt } from '../../packages/mesher/src/index';
import { median, table } from '../support/report';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 5);
const size = Number(arg('--size') ?? 32);

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
];

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const rows: Array<Array<string | number>> = [];
const medians: number[] = [];
for (const prompt of PROMPTS) {
  generateDesign(prompt, { size }); // warm-up
  const times = Array.from({ length: runs }, () => time(() => generateDesign(prompt, { size })));
  const outcome = generateDesign(prompt, { size });
  const m = median(times);
  medians.push(m);
  rows.push([
    prompt,
    outcome.status,
    outcome.kit?.blocks.length ?? 0,
    Math.round(m),
    Math.round(Math.max(...times)),
  ]);
}
const old = Array.from({ length: runs }, () => time(() => generateFromPrompt('a tower', { size })));
rows.push([
  '(old templates) a tower',
  'success',
  generateFromPrompt('a tower', { size }).kit.blocks.length,
  Math.round(median(old)),
  Math.round(Math.max(...old)),
]);
process.stdout.write(`Mode B generation at size ${size}, ${runs} runs each (single thread)\n`);
process.stdout.write(`${table(['prompt', 'status', 'blocks', 'median ms', 'max ms'], rows)}\n`);
const worst = Math.max(...medians);
process.stdout.write(
  `worst median ${Math.round(worst)} ms (target 2000 ms); median of medians ${Math.round(median(medians))} ms, ${(median(medians) / median(old)).toFixed(1)}× the old template generator\n`,
);
