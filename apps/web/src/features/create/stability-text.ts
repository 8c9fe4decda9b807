/**
 * The "stands on its own" tile of a kit's figures, in the reader's language: the mesher's verdict
 * (stands; stands with weak points: joints at half their strength or more, build steps where the
 * half-built model must be held upright, or steps where part of it must be propped; fails) where the kit has one, else the older yes or no.
 */
import type { KitSummary } from '@kitwright/contracts';
import type { Translate } from '../../i18n';

export function stabilityTile(
  t: Translate,
  summary: KitSummary,
): { label: string; value: string; note?: string } {
  const label = t('create.metrics.stability');
  const verdict = summary.stability_verdict;
  if (verdict === 'stands_with_weak_points') {
    const weak = summary.weak_joint_count ?? 0;
    const held = summary.held_step_count ?? 0;
    const propped = summary.supported_step_count ?? 0;
    // Kits built before the holds have no held_step_count: their weak points are joints.
    const notes = [
      ...(weak > 0 || (held === 0 && propped === 0) ? [t('create.metrics.weakJoints', { count: weak })] : []),
      ...(held > 0 ? [t('create.metrics.heldSteps', { count: held })] : []),
      ...(propped > 0 ? [t('create.metrics.proppedSteps', { count: propped })] : []),
    ];
    return { label, value: t('create.metrics.standsWeak'), note: notes.join('; ') };
  }
  if (verdict === 'fails' && (summary.overloaded_joint_count ?? 0) > 0) {
    return {
      label,
      value: t('create.metrics.unstable'),
      note: t('create.metrics.overloadedJoints', { count: summary.overloaded_joint_count ?? 0 }),
    };
  }
  return {
    label,
    value: summary.stability === 'stable' ? t('create.metrics.stable') : t('create.metrics.unstable'),
  };
}
