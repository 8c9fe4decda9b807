import { runMeshPipeline } from './packages/mesher/src/index';
import { MODELS } from '/tmp/kw/models.ts';
const names = process.argv[2].split(','); const sizes = process.argv[3].split(',').map(Number);
for (const name of names) for (const size of sizes) {
  const t = performance.now();
  const o = await runMeshPipeline(MODELS[name]!(), { size });
  if (!o.ok) { console.log(name, size, o.error.code); continue; }
  const s = o.buildReport.stability; const m = o.kit.metrics;
  const over = s.joints.joints.filter(j => j.utilisation > 1).map(j => `${j.pins}p@${j.layer}:${Math.round(j.utilisation*100)}%`);
  console.log(name, size, o.pose.up, s.structuralVerdict, 'tip', s.tippingMarginDeg, 'maxU', s.joints.maxUtilisation, 'weak', s.joints.weakJointCount, 'over', s.joints.overloadedJointCount, over.slice(0,6).join(' '),
   '| build maxU', s.buildJoints.maxUtilisation, 'propped', m.supportedStepCount, 'held', m.heldStepCount, 'overAt', s.buildJoints.overloadedAtStep, 'parts', m.partCount, 'red', (m.reduction*100).toFixed(2), Math.round(performance.now()-t), 'ms');
}
