import { describe, expect, it } from 'vitest';
import { promptUseRestrictions } from './prompt-uses';

const uses = (prompt: string) => promptUseRestrictions(prompt).map((r) => r.use_case);

describe('promptUseRestrictions', () => {
  it('reads a seat for people as carrying people, in English, German and French', () => {
    for (const prompt of [
      'a bench for two',
      'A garden bench for 4 people',
      'a chair to sit on',
      'eine Bank für zwei',
      'un banc pour deux personnes',
      'une chaise pour s’asseoir',
      'a step stool',
    ])
      expect(uses(prompt), prompt).toEqual(['structural']);
    expect(promptUseRestrictions('a bench for two')[0]).toMatchObject({
      safety: 'bears_loads_or_people',
      matched: 'bench for two',
    });
  });

  it('reads children, electrics and water', () => {
    expect(uses('a castle for my kids')).toEqual(['child_use']);
    expect(uses('a bedside lamp')).toEqual(['electrical']);
    expect(uses('eine Lampe für das Kinderzimmer')).toEqual(['electrical']);
    expect(uses('a small garden fountain')).toEqual(['wet_area']);
    expect(uses('a lamp for the children')).toEqual(['child_use', 'electrical']);
  });

  it('leaves ornaments, miniatures and the app’s examples alone', () => {
    for (const prompt of [
      'a red tower 40 blocks tall with a blue roof',
      'a brown garden bench with a green back',
      'a white house with a dark grey roof',
      'a green planter 20 blocks wide',
      'garden bench 4 blocks deep with a brown seat',
      'a dark green bench',
      'a light blue lighthouse',
      'a bench for a model railway',
      'a miniature chair for a doll house',
      '',
    ])
      expect(uses(prompt), prompt).toEqual([]);
    expect(promptUseRestrictions(null)).toEqual([]);
  });
});
