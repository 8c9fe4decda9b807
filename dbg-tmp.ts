import { composeProgram, designParams } from './packages/mesher/src/design/compose';
import { LIBRARY } from './packages/mesher/src/design/library';
import { buildDesign } from './packages/mesher/src/design/procedural';
const id = process.argv[2]!; const size = Number(process.argv[3]);
const d = LIBRARY.find((x) => x.id === id)!;
const p = composeProgram({ design: id, size, params: designParams(d, {}), looks: {}, seed: 0 });
const b = buildDesign(p);
const [nx, ny] = b.grid.dims;
const colours = ['.', ...'wLDkRrOYtbIgGlBdPp'];
for (const z of (process.argv[4] ?? '').split(',').map(Number)) {
  console.log('layer', z);
  for (let y = 0; y < ny; y++) {
    let row = '';
    for (let x = 0; x < nx; x++) row += colours[b.grid.cells[x + nx * (y + ny * z)]!];
    console.log(row);
  }
}
console.log(b.buildReport.problems.map((q) => q.message).join('\n'));
