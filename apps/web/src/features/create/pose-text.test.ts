import { type KitPose, POSE_REASON_CODES } from '@kitwright/contracts';
import { describe, expect, it } from 'vitest';
import { type Translate, translate } from '../../i18n';
import { poseText } from './pose-text';

const en: Translate = (key, ...params) => translate('en', key, ...params);
const de: Translate = (key, ...params) => translate('de', key, ...params);

const chosen: KitPose = {
  up: 'y',
  standing_on: '-y',
  chosen: 'auto',
  file_up: 'z',
  reason_code: 'file-up-tips',
  reason: "widest base: 191 cells, 5% overhang; the file's own up (z) tips over",
  contact_cells: 191,
  overhang_share: 0.052,
  candidates: [],
};

describe('the pose line of a draft', () => {
  it('names the way up in the words of the choices that change it, and why it was chosen', () => {
    expect(poseText(en, chosen)).toBe(
      'Which way is up: Y points up (chosen for its base: 191 cells on the ground, 5% overhanging; on the file’s own up (Z points up) it tips over)',
    );
    expect(poseText(de, chosen)).toContain(
      'Wo ist oben: Y zeigt nach oben (gewählt wegen der Standfläche: 191 Zellen',
    );
  });

  it('has a sentence for every reason, and says so when the person chose', () => {
    const texts = POSE_REASON_CODES.map((code) => poseText(en, { ...chosen, reason_code: code }));
    expect(new Set(texts).size).toBe(POSE_REASON_CODES.length);
    expect(texts.every((text) => !text.includes('{'))).toBe(true);
    expect(
      poseText(en, { ...chosen, up: 'z', standing_on: '-z', chosen: 'given', reason_code: 'given' }),
    ).toBe('Which way is up: Z points up (as you chose)');
  });

  it('says how far a pose can be tilted, for drafts posed by their tipping margin (issue 48)', () => {
    const tilted: KitPose = {
      ...chosen,
      up: '-z',
      standing_on: 'z',
      reason_code: 'file-up-tips',
      tipping_margin_deg: 42.3,
      overhang_share: 0,
    };
    expect(poseText(en, tilted)).toBe(
      'Which way is up: Z points down (turned: on the file’s own up (Z points up) it tips over; this way it can be tilted 42.3° before it tips, 0% overhanging)',
    );
    const texts = POSE_REASON_CODES.map((code) => poseText(en, { ...tilted, reason_code: code }));
    expect(new Set(texts).size).toBe(POSE_REASON_CODES.length);
    expect(texts.every((text) => !text.includes('{'))).toBe(true);
    expect(poseText(de, { ...tilted, reason_code: 'file-up' })).toContain('lässt sich um 42.3° neigen');
  });
});
