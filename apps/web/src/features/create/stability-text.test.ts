import type { KitSummary } from '@kitwright/contracts';
import { describe, expect, it } from 'vitest';
import { type Translate, translate } from '../../i18n';
import { stabilityTile } from './stability-text';

const en: Translate = (key, ...params) => translate('en', key, ...params);
const de: Translate = (key, ...params) => translate('de', key, ...params);
const fr: Translate = (key, ...params) => translate('fr', key, ...params);

const summary: KitSummary = {
  part_count: 40,
  fastener_count: 60,
  baseline_count: 400,
  reduction: 0.9,
  components: 1,
  stability: 'stable',
  stability_verdict: 'stands_with_weak_points',
  weak_joint_count: 0,
  overloaded_joint_count: 0,
  held_step_count: 2,
  layers: 12,
  dimensions_mm: { x: 192, y: 16, z: 192 },
  estimated_mass_g: 120,
  colours: ['white'],
};

describe('stability tile', () => {
  it('names the build steps to hold as the weak point, in every language', () => {
    expect(stabilityTile(en, summary)).toEqual({
      label: 'Stands on its own',
      value: 'Yes, with weak points',
      note: 'hold it upright during 2 build steps',
    });
    expect(stabilityTile(de, summary).note).toBe('bei 2 Bauschritten aufrecht halten');
    expect(stabilityTile(fr, { ...summary, held_step_count: 1 }).note).toBe(
      'à tenir droit pendant 1 étape du montage',
    );
  });

  it('lists weak joints and held steps together, and only joints for kits built before the holds', () => {
    expect(stabilityTile(en, { ...summary, weak_joint_count: 3 }).note).toBe(
      '3 joints at half their strength or more; hold it upright during 2 build steps',
    );
    const { held_step_count: _none, ...older } = summary;
    expect(stabilityTile(en, { ...older, weak_joint_count: 1 }).note).toBe(
      '1 joint at half its strength or more',
    );
  });

  it('names the build steps where part of the model must be propped, in every language', () => {
    const propped = { ...summary, held_step_count: 0, supported_step_count: 3 };
    expect(stabilityTile(en, propped).note).toBe('prop part of it during 3 build steps');
    expect(stabilityTile(de, propped).note).toBe('bei 3 Bauschritten einen Teil abstützen');
    expect(stabilityTile(fr, { ...propped, supported_step_count: 1 }).note).toBe(
      'une partie à soutenir pendant 1 étape du montage',
    );
    expect(stabilityTile(en, { ...summary, supported_step_count: 1 }).note).toBe(
      'hold it upright during 2 build steps; prop part of it during 1 build step',
    );
  });

  it('says no with the overloaded joints when the kit fails on them', () => {
    const fails = stabilityTile(en, {
      ...summary,
      stability: 'unstable',
      stability_verdict: 'fails',
      overloaded_joint_count: 2,
    });
    expect(fails.value).toBe('No');
    expect(fails.note).toContain('2');
  });

  it('says how far the kit can be tilted before it tips, and makes a small margin a weak point', () => {
    const firm = {
      ...summary,
      stability_verdict: 'stands' as const,
      held_step_count: 0,
      tipping_margin_deg: 37.5,
    };
    expect(stabilityTile(en, firm)).toEqual({
      label: 'Stands on its own',
      value: 'Yes',
      note: 'can be tilted 37.5° before it tips',
    });
    const tippy = { ...summary, held_step_count: 0, tipping_margin_deg: 7.1 };
    expect(stabilityTile(en, tippy)).toEqual({
      label: 'Stands on its own',
      value: 'Yes, with weak points',
      note: 'tips over at a tilt of 7.1° (10° to stand firmly)',
    });
    const comma = (n: number) => String(n).replace('.', ',');
    expect(stabilityTile(fr, tippy, comma).note).toBe(
      'bascule dès 7,1° d’inclinaison (10° pour tenir fermement)',
    );
    expect(stabilityTile(de, tippy, comma).note).toBe(
      'kippt schon bei 7,1° Neigung (10° für einen sicheren Stand)',
    );
    // Below 5° the kit fails on it: a cone balanced on its tip.
    const cone = {
      ...tippy,
      stability: 'unstable',
      stability_verdict: 'fails' as const,
      tipping_margin_deg: 1.2,
    };
    expect(stabilityTile(en, cone)).toEqual({
      label: 'Stands on its own',
      value: 'No',
      note: 'tips over at a tilt of 1.2° (10° to stand firmly)',
    });
  });
});
