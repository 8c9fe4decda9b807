/**
 * The pose a kit was built in, in the reader's language and in the words of the "Which way is up"
 * choices that change it: "Which way is up: Z points up (turned: … it can be tilted 42° before it tips …)".
 * The reason code decides the sentence (the server's own sentence is English); the figures are the
 * mesher's, counted on its coarse scoring grid.
 */
import type { KitPose, UpAxis } from '@kitwright/contracts';
import type { Translate } from '../../i18n';

/** The words for each way up, shared by the "Which way is up" choices and the pose line. */
export const UP_AXIS_LABEL = {
  x: 'create.settings.upX',
  y: 'create.settings.upY',
  z: 'create.settings.upZ',
  '-x': 'create.settings.upNegX',
  '-y': 'create.settings.upNegY',
  '-z': 'create.settings.upNegZ',
} as const satisfies Record<UpAxis, string>;

export function poseText(t: Translate, pose: KitPose, formatNumber: (n: number) => string = String): string {
  const cells = formatNumber(pose.contact_cells ?? 0);
  const overhang = formatNumber(Math.round((pose.overhang_share ?? 0) * 100));
  const fileUp = t(UP_AXIS_LABEL[pose.file_up]);
  // Drafts built since issue 48 are posed by how far they can be tilted before they tip; older
  // ones by their base, and keep the sentences that said so.
  const tilt = pose.tipping_margin_deg;
  const deg = tilt === undefined || tilt === null ? null : formatNumber(tilt);
  const why =
    pose.reason_code === 'given'
      ? t('create.pose.given')
      : pose.reason_code === 'nothing-stands'
        ? t('create.pose.nothingStands')
        : deg !== null
          ? t(TILT_SENTENCE[pose.reason_code], { fileUp, deg, overhang })
          : pose.reason_code === 'file-up'
            ? t('create.pose.fileUp', { fileUp, cells, overhang })
            : pose.reason_code === 'other-up'
              ? t('create.pose.otherUp', { fileUp, cells, overhang })
              : pose.reason_code === 'file-up-tips'
                ? t('create.pose.fileUpTips', { fileUp, cells, overhang })
                : t('create.pose.betterPose', { fileUp, cells, overhang });
  return t('create.pose.wayUp', { up: t(UP_AXIS_LABEL[pose.up]), why });
}

/** The sentence for each reason a pose was chosen by its tipping margin. */
const TILT_SENTENCE = {
  'file-up': 'create.pose.fileUpTilt',
  'other-up': 'create.pose.otherUpTilt',
  'file-up-tips': 'create.pose.fileUpTipsTilt',
  'better-pose': 'create.pose.betterPoseTilt',
} as const;
