/**
 * The few mesher values the app shows without bundling the mesher: the compiler holds the lists
 * to the mesher's types; this holds every value to the mesher's own, numbers included.
 */
import { BLOCK_MODULE, DESIGN_SHAPES, MODEL_FORMATS, PALETTE } from '@kitwright/mesher';
import { describe, expect, it } from 'vitest';
import { PALETTE_HEX } from '../viewer/palette';
import { DESIGN_SHAPES as APP_DESIGN_SHAPES } from './design-shapes';
import { BLOCK_PITCH_MM } from './kit-size';
import { MODEL_FORMATS as APP_MODEL_FORMATS } from './model-formats';

describe('values the app shares with the mesher', () => {
  it('draws every palette colour as the mesher names it', () => {
    expect(PALETTE_HEX).toEqual(Object.fromEntries(PALETTE.map((c) => [c.id, c.hex])));
  });

  it('lists the prompt shapes, the model formats and the block size the mesher uses', () => {
    expect(APP_DESIGN_SHAPES).toEqual(DESIGN_SHAPES);
    expect(APP_MODEL_FORMATS).toEqual(MODEL_FORMATS);
    expect(BLOCK_PITCH_MM).toBe(BLOCK_MODULE.pitchMm);
  });
});
