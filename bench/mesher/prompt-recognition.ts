// The recognised share of Mode B's fixed 100-prompt set (packages/mesher/test/fixtures/
// prompt-set-100.ts): each prompt generated at the app's default size 24 and judged on its kit by the
// same check as test/prompt-recognition.test.ts (design, colours, proportions, part counts).
// Run: node --import tsx bench/mesher/prompt-recognition.ts [--all]   (--all lists the recognised too)
import { PROMPT_SET_100 } from '../../packages/mesher/test/fixtures/prompt-set-100';
import { recognise } from '../../packages/mesher/test/helpers/recognise';
import { table } from '../support/report';

const all = process.argv.includes('--all');
const results = PROMPT_SET_100.map((e) => recognise(e));
const rows = results
  .filter((r) => all || !r.recognised)
  .map((r) => [r.prompt, r.recognised ? 'yes' : 'no', r.design ?? '—', r.failures.join('; ')]);
process.stdout.write(`${table(['prompt', 'recognised', 'made', 'why not'], rows)}\n`);
const share = results.filter((r) => r.recognised).length / results.length;
process.stdout.write(
  `recognised ${results.filter((r) => r.recognised).length} of ${results.length} (${Math.round(share * 100)}%)\n`,
);
