/**
 * The "stands on its own" tile of a kit's figures, in the reader's language: the mesher's verdict
 * (stands; stands with weak points: joints at half their strength or more, build steps where the
 * half-built model must be held upright, steps where part of it must be propped, or a model that
 * tips at a small tilt; fails) where the kit has one, else the older yes or no. Kits built since
 * issue 48 carry how far the model can be tilted before it tips (its tipping margin), said here too.
 */
import { KIT_TIPPING_DEGREES, type KitSummary } from '@kitwright/contracts';
import type { Translate } from '../../i18n';

export function stabilityTile(
  t: Translate,
  summary: KitSummary,
  formatNumber: (n: number) => string = String,
): { label: string; value: string; note?: string } {
  const label = t('create.metrics.stability');
  const verdict = summary.stability_verdict;
  const tilt = summary.tipping_margin_deg;
  // Below the margin "stands" needs, the tilt that tips it is a weak point (or, below the least, why it fails).
  const tipsEasily = tilt !== undefined && tilt < KIT_TIPPING_DEGREES.stands;
  const tipsAt = () =>
    t('create.metrics.tipsAt', {
      deg: formatNumber(Math.max(0, tilt ?? 0)),
      firm: formatNumber(KIT_TIPPING_DEGREES.stands),
    });
  if (verdict === 'stands_with_weak_points') {
    const weak = summary.weak_joint_count ?? 0;
    const held = summary.held_step_count ?? 0;
    const propped = summary.supported_step_count ?? 0;
    // Kits built before the holds have no held_step_count: their weak points are joints.
    const notes = [
      ...(weak > 0 || (held === 0 && propped === 0 && !tipsEasily)
        ? [t('create.metrics.weakJoints', { count: weak })]
        : []),
      ...(held > 0 ? [t('create.metrics.heldSteps', { count: held })] : []),
      ...(propped > 0 ? [t('create.metrics.proppedSteps', { count: propped })] : []),
      ...(tipsEasily ? [tipsAt()] : []),
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
  if (verdict === 'fails' && tilt !== undefined && tilt < KIT_TIPPING_DEGREES.minimum)
    return { label, value: t('create.metrics.unstable'), note: tipsAt() };
  const stable = summary.stability === 'stable';
  return {
    label,
    value: stable ? t('create.metrics.stable') : t('create.metrics.unstable'),
    ...(stable && tilt !== undefined ? { note: t('create.metrics.tilts', { deg: formatNumber(tilt) }) } : {}),
  };
}
