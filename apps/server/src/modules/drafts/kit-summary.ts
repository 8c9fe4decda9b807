/**
 * What a draft keeps of its built kit: the figures the app shows, the bill of materials and the
 * size of the build. It travels in the block-kit job's result to the draft and, at publish, to the
 * listing, so the kit file is never read back to be counted again.
 */
import type { KitSummary, ListingDetail } from '@kitwright/contracts';
import type { BlockKit } from '@kitwright/mesher';

export interface StoredKitSummary extends KitSummary {
  bill_of_materials: ListingDetail['bill_of_materials'];
  build: ListingDetail['build'];
}

export function kitSummary(kit: BlockKit): StoredKitSummary {
  const m = kit.metrics;
  return {
    part_count: m.partCount,
    fastener_count: m.fastenerCount,
    baseline_count: m.baselineCount,
    reduction: Math.round(m.reduction * 1000) / 1000,
    ...(m.reductionWithFasteners === undefined
      ? {}
      : { reduction_with_pins: Math.round(m.reductionWithFasteners * 1000) / 1000 }),
    ...(m.addedBlockCount === undefined ? {} : { added_block_count: m.addedBlockCount }),
    components: m.components,
    stability: m.stability,
    ...(m.stabilityVerdict ? { stability_verdict: m.stabilityVerdict } : {}),
    ...(m.weakJointCount !== undefined ? { weak_joint_count: m.weakJointCount } : {}),
    ...(m.overloadedJointCount !== undefined ? { overloaded_joint_count: m.overloadedJointCount } : {}),
    layers: m.layers,
    dimensions_mm: m.dimensions.mm,
    estimated_mass_g: Math.round(m.estimatedMassG),
    colours: [...new Set(kit.billOfMaterials.blocks.map((l) => l.colour))],
    bill_of_materials: kit.billOfMaterials,
    build: { steps: kit.steps.length, layers: m.layers },
  };
}
