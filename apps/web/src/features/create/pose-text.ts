/**
 * The pose a kit was built in, in the reader's language: "Standing on: -z (chosen for its base: …)".
 * The reason code decides the sentence (the server's own sentence is English); the figures are the
 * mesher's, counted on its coarse scoring grid.
 */
import type { KitPose } from '@kitwright/contracts';
import type { Translate } from '../../i18n';

export function poseText(t: Translate, pose: KitPose, formatNumber: (n: number) => string = String): string {
  const cells = formatNumber(pose.contact_cells ?? 0);
  const overhang = formatNumber(Math.round((pose.overhang_share ?? 0) * 100));
  const fileUp = pose.file_up;
  const why =
    pose.reason_code === 'given'
      ? t('create.pose.given')
      : pose.reason_code === 'nothing-stands'
        ? t('create.pose.nothingStands')
        : pose.reason_code === 'file-up'
          ? t('create.pose.fileUp', { fileUp, cells, overhang })
          : pose.reason_code === 'other-up'
            ? t('create.pose.otherUp', { fileUp, cells, overhang })
            : pose.reason_code === 'file-up-tips'
              ? t('create.pose.fileUpTips', { fileUp, cells, overhang })
              : t('create.pose.betterPose', { fileUp, cells, overhang });
  return t('create.pose.standingOn', { side: pose.standing_on, why });
}
