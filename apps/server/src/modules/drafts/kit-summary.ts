/**
 * What a draft keeps of its built kit: the figures the app shows, the bill of materials and the
 * size of the build. It travels in the block-kit job's result to the draft and, at publish, to the
 * listing, so the kit file is never read back to be counted again.
 */
import type { KitPose, KitSummary, ListingDetail } from '@kitwright/contracts';
import { type BlockKit, type PoseChoice, standingSide } from '@kitwright/mesher';

export interface StoredKitSummary extends KitSummary {
  bill_of_materials: ListingDetail['bill_of_materials'];
  build: ListingDetail['build'];
  /** The pose the kit was built in (model uploads; kits built before issue 12's pose have none). */
  pose?: KitPose;
}

/** What a draft keeps of the mesher's pose choice: shown on the draft screen, in the API. */
export function kitPose(pose: PoseChoice): KitPose {
  const chosen = pose.candidates.find((c) => c.up === pose.up);
  return {
    up: pose.up,
    standing_on: standingSide(pose.up),
    chosen: pose.chosen,
    file_up: pose.fileUp,
    reason_code: pose.reason.code,
    reason: pose.reason.message,
    contact_cells: chosen ? chosen.contactCells : null,
    overhang_share: chosen ? Math.round(chosen.overhangShare * 1000) / 1000 : null,
    tipping_margin_deg: chosen ? chosen.tippingDeg : null,
    candidates: pose.candidates.map((c) => ({
      up: c.up,
      stands: c.stands,
      contact_cells: c.contactCells,
      overhang_share: Math.round(c.overhangShare * 1000) / 1000,
      score: c.score,
      tipping_margin_deg: c.tippingDeg,
    })),
  };
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
    ...(m.heldStepCount !== undefined ? { held_step_count: m.heldStepCount } : {}),
    ...(m.supportedStepCount !== undefined ? { supported_step_count: m.supportedStepCount } : {}),
    ...(m.tippingMarginDeg !== undefined ? { tipping_margin_deg: m.tippingMarginDeg } : {}),
    layers: m.layers,
    dimensions_mm: m.dimensions.mm,
    estimated_mass_g: Math.round(m.estimatedMassG),
    colours: [...new Set(kit.billOfMaterials.blocks.map((l) => l.colour))],
    bill_of_materials: kit.billOfMaterials,
    build: { steps: kit.steps.length, layers: m.layers },
  };
}
