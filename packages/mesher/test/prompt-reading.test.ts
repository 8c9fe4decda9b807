// Prompts become what they name (issues 45 and 48): words in their sense, colours with a tone, prompts
// in French and German, a second design on or beside the first, counts, safety judged on what the
// design is for, and no silent name plate when the library has no such design.
import { describe, expect, it } from 'vitest';
import { PALETTE } from '../src/colour/palette';
import { generateDesign } from '../src/design/generate-design';
import { proposeDesigns } from '../src/design/procedural';
import { readPrompt } from '../src/design/read-prompt';
import { coloursInGrid, voxeliseProgram } from '../src/design/voxelise-program';

const first = (prompt: string, locale?: string) => {
  const proposal = proposeDesigns(prompt, locale ? { locale } : {});
  return { proposal, variant: proposal.variants[0] };
};
const paintOf = (prompt: string, part: string, locale?: string) =>
  first(prompt, locale).variant!.program.parts.find((p) => p.name === part)!.paint;

describe('reading prompts', () => {
  it('reads a word in its sense: a horse is the animal, a chess horse or a knight the chess piece', () => {
    expect(first('a horse').proposal.reading.design).toBe('horse');
    expect(first('a brown pony').proposal.reading.design).toBe('horse');
    expect(first('a chess horse').proposal.reading.design).toBe('knight');
    expect(first('a knight').proposal.reading.design).toBe('knight');
    // The animal stands on four legs: at its lowest layer, four separate feet.
    const grid = voxeliseProgram(first('a horse').variant!.program);
    const [nx, ny] = grid.dims;
    const feet = new Set<string>();
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++)
        if (grid.cells[x + nx * y])
          feet.add(`${x < nx / 2 ? 'back' : 'front'}-${y < ny / 2 ? 'left' : 'right'}`);
    expect(feet.size).toBe(4);
  });

  it('makes a lighthouse with a lamp room and a toy lighthouse, as decoration', () => {
    const lamp = first('A red and white striped lighthouse with a lamp room');
    expect(lamp.proposal.status).toBe('success');
    expect(lamp.proposal.reading.understood).toContain('part: lamp room');
    expect(paintOf('A red and white striped lighthouse with a lamp room', 'tower')).toMatchObject({
      pattern: 'stripes',
      colours: ['red', 'white'],
    });
    expect(first('a toy lighthouse').proposal).toMatchObject({ status: 'success', reading: { ignored: [] } });
    // A lamp that lights is still refused.
    expect(first('a lighthouse with a lamp that lights up').proposal.status).toBe('refused');
    expect(first('a bedside lamp').proposal.refusal).toMatchObject({ use_case: 'electrical' });
  });

  it('says "No design called … yet" and offers the nearest designs, making nothing in its place', () => {
    const zebra = first('a zebra');
    expect(zebra.proposal.status).toBe('unknown');
    expect(zebra.proposal.variants).toEqual([]);
    expect(zebra.proposal.reason).toBe(
      `No design called "zebra" yet. Nearest designs: ${zebra.proposal.unknown!.suggestions.map((s) => s.name).join(', ')}.`,
    );
    expect(zebra.proposal.unknown!.suggestions[0]).toEqual({ design: 'horse', name: 'horse' });
    // A name spelt almost right is offered; a French prompt is answered with French names.
    expect(first('a lighthose').proposal.unknown!.suggestions.map((s) => s.design)).toContain('lighthouse');
    expect(first('un zèbre', 'fr').proposal.unknown!.suggestions[0]).toEqual({
      design: 'house',
      name: 'maison',
    });
    const outcome = generateDesign('a zebra');
    expect(outcome).toMatchObject({ status: 'unknown', variants: [] });
    expect(outcome.kit).toBeUndefined();
  });

  it('reads colours with a tone, written apart or with a hyphen', () => {
    expect(paintOf('a white house with a dark grey roof', 'roof')).toEqual({ colour: 'dark-grey' });
    expect(first('a white house with a dark grey roof').proposal.status).toBe('success');
    expect(paintOf('a dark-grey car', 'body')).toEqual({ colour: 'dark-grey' });
    expect(paintOf('a light blue boat', 'hull')).toEqual({ colour: 'light-blue' });
    expect(paintOf('a dark red barn', 'walls')).toEqual({ colour: 'dark-red' });
    expect(paintOf('a dark blue bus', 'body')).toEqual({ colour: 'dark-blue' });
    expect(paintOf('a light green tree', 'leaves')).toEqual({ colour: 'lime' });
  });

  it('reads every palette colour in English, French and German', () => {
    const names: Record<string, [string, string, string]> = {
      white: ['white', 'blanche', 'weißes'],
      'light-grey': ['light grey', 'gris clair', 'hellgraues'],
      'dark-grey': ['dark grey', 'gris foncé', 'dunkelgraues'],
      black: ['black', 'noire', 'schwarzes'],
      red: ['red', 'rouge', 'rotes'],
      'dark-red': ['dark red', 'rouge foncé', 'dunkelrotes'],
      orange: ['orange', 'orange', 'oranges'],
      yellow: ['yellow', 'jaune', 'gelbes'],
      tan: ['tan', 'beige', 'sandfarbenes'],
      brown: ['brown', 'marron', 'braunes'],
      lime: ['lime', 'vert citron', 'limettengrünes'],
      green: ['green', 'verte', 'grünes'],
      'dark-green': ['dark green', 'vert foncé', 'dunkelgrünes'],
      'light-blue': ['light blue', 'bleu clair', 'hellblaues'],
      blue: ['blue', 'bleue', 'blaues'],
      'dark-blue': ['dark blue', 'bleu foncé', 'dunkelblaues'],
      purple: ['purple', 'violette', 'lila'],
      pink: ['pink', 'rose', 'rosa'],
    };
    expect(Object.keys(names).sort()).toEqual(PALETTE.map((c) => c.id).sort());
    for (const [id, [en, fr, de]] of Object.entries(names)) {
      for (const [prompt, locale] of [
        [`a ${en} house`, 'en'],
        [`une maison ${fr}`, 'fr'],
        [`ein ${de} Haus`, 'de'],
      ] as const) {
        const { proposal } = first(prompt, locale);
        expect({ prompt, design: proposal.reading.design, status: proposal.status }).toEqual({
          prompt,
          design: 'house',
          status: 'success',
        });
        expect(paintOf(prompt, 'walls', locale), prompt).toEqual({ colour: id });
      }
    }
  });

  it('reads French and German prompts into the same designs', () => {
    const fr = first('une maison blanche avec un toit gris foncé', 'fr');
    expect(fr.proposal).toMatchObject({
      status: 'success',
      reading: { design: 'house', language: 'fr', ignored: [] },
    });
    expect(paintOf('une maison blanche avec un toit gris foncé', 'roof', 'fr')).toEqual({
      colour: 'dark-grey',
    });
    expect(first('ein roter Traktor', 'de').proposal.reading).toMatchObject({
      design: 'tractor',
      language: 'de',
    });
    expect(first('un cheval').proposal.reading.design).toBe('horse');
    // The app's language only breaks a tie: an English prompt in the French app is English.
    expect(readPrompt('a red car', 'fr').language).toBe('en');
  });

  it('counts: a windmill with four sails, a castle with two towers, a sailing boat with two sails', () => {
    expect(first('a windmill with four sails').variant!.recipe!.params.sails).toBe(4);
    expect(first('a windmill with three sails').variant!.recipe!.params.sails).toBe(3);
    expect(first('a castle with two towers').variant!.recipe!.params.towers).toBe(2);
    expect(first('a sailing boat with two sails').variant!.recipe!.params.sails).toBe(2);
  });

  it('puts a rocket on a launch pad and a swing beside a tree, in one kit', () => {
    const rocket = first('a rocket on a launch pad');
    expect(rocket.proposal.reading.companion).toEqual({ design: 'launch-pad', place: 'under' });
    const names = rocket.variant!.program.parts.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['body', 'nose', 'launch pad platform', 'launch pad edge']));
    // The rocket stands on the pad: the pad's cells are below the rocket's lowest.
    const outcome = generateDesign('a rocket on a launch pad');
    expect(outcome.status).toBe('success');
    expect(outcome.buildReport!.buildable).toBe(true);
    expect(outcome.kit!.metrics.components).toBe(1);
    const tree = generateDesign('a tree with a red swing');
    expect(tree.variants[0]!.recipe!.companion).toMatchObject({ design: 'swing', place: 'beside' });
    expect(tree.variants[0]!.parts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['trunk', 'swing frame', 'ground']),
    );
    expect(tree.variants[0]!.parts.find((p) => p.name === 'swing frame')!.colour).toBe('red');
    expect(tree.buildReport!.buildable).toBe(true);
    expect(coloursInGrid(voxeliseProgram(tree.variants[0]!.program))).toEqual(
      expect.arrayContaining(['green', 'brown', 'red']),
    );
    // The owner can recolour the swing as a part of the whole.
    const edited = generateDesign('a tree with a red swing', {
      choice: { colours: { 'swing frame': 'blue' } },
    });
    expect(edited.variants[0]!.parts.find((p) => p.name === 'swing frame')!.colour).toBe('blue');
  });
});
