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

  it('judges a lamp, a fountain and a ladder on what the design is for, not on the word', () => {
    // What the prompt makes is the thing: a lamp lights, a fountain holds water, a ladder is climbed.
    for (const prompt of [
      'a lamp',
      'a desk lamp shaped like a lighthouse',
      'a lighthouse lamp',
      'eine Tischlampe',
      'une lampe de chevet',
      'a lighthouse with a lamp that lights up',
      'a house with a working lamp',
      'a castle with led lights',
      'un phare qui s’allume',
    ])
      expect(uses(prompt), prompt).toEqual(['electrical']);
    expect(uses('a garden fountain')).toEqual(['wet_area']);
    expect(uses('a ladder')).toEqual(['structural']);
    // A part of something else is decoration: the lamp room of a lighthouse, a fire engine's ladder.
    for (const prompt of [
      'A red and white striped lighthouse with a lamp room',
      'a lighthouse with a lamp',
      'a lamp room',
      'ein Leuchtturm mit einer Lampe',
      'un phare avec une salle de la lampe',
      'a fire engine with a ladder',
      'a castle with a fountain',
      'a toy lighthouse',
    ])
      expect(uses(prompt), prompt).toEqual([]);
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
